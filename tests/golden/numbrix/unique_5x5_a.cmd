pzc unique puzzles/numbrix/numbrix.pz puzzles/numbrix/numbrix_5x5_a.pz
