pzc unique puzzles/tapa/tapa.pz puzzles/tapa/tapa_5x5_e.pz
