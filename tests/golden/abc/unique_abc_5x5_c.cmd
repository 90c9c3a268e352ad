pzc unique puzzles/abc/abc.pz puzzles/abc/abc_5x5_c.pz
