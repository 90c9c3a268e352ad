pzc grade puzzles/pearl/pearl.pz puzzles/pearl/pearl_10x10_t.pz
