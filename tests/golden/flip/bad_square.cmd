pzc solve puzzles/flip/flip.pz tests/golden/flip/bad_square.pz
