pzc explain puzzles/kakuro/kakuro.pz puzzles/kakuro/kk_6x6.pz
