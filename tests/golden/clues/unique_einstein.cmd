pzc unique puzzles/clues/einstein.pz
