pzc solve puzzles/tapa/tapa.pz tests/golden/tapa/bad_clue_order.pz
