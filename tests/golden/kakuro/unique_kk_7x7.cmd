pzc unique puzzles/kakuro/kakuro.pz puzzles/kakuro/kk_7x7.pz
