pzc grade puzzles/bridges/bridges.pz puzzles/bridges/bridges_7x7_h.pz
