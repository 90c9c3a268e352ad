pzc explain puzzles/jigsaw/jigsaw.pz puzzles/jigsaw/jigsaw_5x5_e.pz
