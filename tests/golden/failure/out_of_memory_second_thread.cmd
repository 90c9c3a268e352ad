ulimit -v 160000; pzc unique puzzles/abc/abc.pz puzzles/abc/abc_12x12_multi.pz
