pzc unique puzzles/tapa/tapa.pz puzzles/tapa/tapa_8x8_f.pz --engine z3
