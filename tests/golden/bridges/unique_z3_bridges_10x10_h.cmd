pzc unique --engine z3 puzzles/bridges/bridges.pz puzzles/bridges/bridges_10x10_h.pz
