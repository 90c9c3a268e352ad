pzc unique puzzles/pearl/pearl.pz puzzles/pearl/pearl_6x6_e.pz
