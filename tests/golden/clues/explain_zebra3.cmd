pzc explain puzzles/clues/zebra3.pz
