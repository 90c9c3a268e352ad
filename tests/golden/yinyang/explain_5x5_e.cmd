pzc explain puzzles/yinyang/yinyang.pz puzzles/yinyang/yinyang_5x5_e.pz
