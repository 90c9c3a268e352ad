pzc unique puzzles/filling/filling.pz puzzles/filling/filling_4x4_a.pz
