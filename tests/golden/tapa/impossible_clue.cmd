pzc solve puzzles/tapa/tapa.pz tests/golden/tapa/impossible_clue.pz
