pzc unique puzzles/abc/abc.pz puzzles/abc/abc_8x8_c.pz
