pzc grade puzzles/tapa/tapa.pz puzzles/tapa/tapa_7x7_h.pz
