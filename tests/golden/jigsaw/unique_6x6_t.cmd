pzc unique puzzles/jigsaw/jigsaw.pz puzzles/jigsaw/jigsaw_6x6_t.pz
