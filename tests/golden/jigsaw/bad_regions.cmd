pzc check puzzles/jigsaw/jigsaw.pz puzzles/jigsaw/jigsaw_5x5_e.pz --given 'regions="EEADD/EEAAD/ECAAD/CCABB/CCBBB"'
