pzc unique puzzles/abc/abc.pz puzzles/abc/abc_7x7_a.pz
