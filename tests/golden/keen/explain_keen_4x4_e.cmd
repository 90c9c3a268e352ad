pzc explain puzzles/keen/keen.pz puzzles/keen/keen_4x4_e.pz
