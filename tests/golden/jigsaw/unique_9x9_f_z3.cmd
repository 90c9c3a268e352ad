pzc unique --engine z3 puzzles/jigsaw/jigsaw.pz puzzles/jigsaw/jigsaw_9x9_f.pz
