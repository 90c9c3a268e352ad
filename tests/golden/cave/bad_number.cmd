pzc solve puzzles/cave/cave.pz tests/golden/cave/bad_number.pz
