pzc unique puzzles/filling/filling.pz puzzles/filling/filling_5x5_a.pz
