pzc explain puzzles/pearl/pearl.pz puzzles/pearl/pearl_6x6_t.pz
