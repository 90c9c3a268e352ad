pzc metrics puzzles/clues/zebra3.pz
