pzc unique --engine native puzzles/pearl/pearl.pz puzzles/pearl/pearl_12x12_t.pz
