pzc unique puzzles/clues/zebra3.pz
