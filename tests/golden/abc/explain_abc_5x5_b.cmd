pzc explain puzzles/abc/abc.pz puzzles/abc/abc_5x5_b.pz
