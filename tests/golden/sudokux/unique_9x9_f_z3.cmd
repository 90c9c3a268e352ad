pzc unique --engine z3 puzzles/sudokux/sudokux.pz puzzles/sudokux/sudokux_9x9_f.pz
