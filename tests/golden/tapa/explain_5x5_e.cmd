pzc explain puzzles/tapa/tapa.pz puzzles/tapa/tapa_5x5_e.pz
