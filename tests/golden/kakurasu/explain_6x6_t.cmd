pzc explain puzzles/kakurasu/kakurasu.pz puzzles/kakurasu/kakurasu_6x6_t.pz
