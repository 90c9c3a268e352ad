pzc unique puzzles/abc/abc.pz puzzles/abc/abc_6x6_c.pz
