pzc unique puzzles/abc/abc.pz puzzles/abc/abc_august.pz
