pzc unique --engine native puzzles/bridges/bridges.pz puzzles/bridges/bridges_15x15_h.pz
