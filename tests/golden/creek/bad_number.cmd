pzc solve puzzles/creek/creek.pz tests/golden/creek/bad_number.pz
