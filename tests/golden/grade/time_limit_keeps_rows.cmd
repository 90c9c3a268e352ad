pzc grade puzzles/abc/abc.pz puzzles/abc/abc_5x5_a.pz puzzles/abc/abc_14x14_multi.pz --time-limit 4 --no-time
