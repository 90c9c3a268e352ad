pzc grade puzzles/jigsaw/jigsaw.pz puzzles/jigsaw/jigsaw_9x9_h.pz
