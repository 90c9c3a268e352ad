pzc unique --engine z3 puzzles/pearl/pearl.pz puzzles/pearl/pearl_8x8_t.pz
