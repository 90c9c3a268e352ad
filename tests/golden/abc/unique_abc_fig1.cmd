pzc unique puzzles/abc/abc.pz puzzles/abc/abc_fig1.pz
