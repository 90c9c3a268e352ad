pzc explain puzzles/creek/creek.pz puzzles/creek/creek_4x4_easy.pz
