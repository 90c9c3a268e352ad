pzc count puzzles/abc/abc.pz puzzles/abc/abc_10x10_multi.pz --engine native --limit 2 --time-limit 20
