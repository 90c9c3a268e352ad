pzc check puzzles/abc/abc.pz
