pzc solve puzzles/battleships/battleships.pz tests/golden/battleships/bad_instance.pz
