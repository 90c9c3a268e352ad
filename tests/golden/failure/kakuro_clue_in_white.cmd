pzc solve puzzles/kakuro/kakuro.pz tests/golden/failure/kakuro_clue_in_white.pz
