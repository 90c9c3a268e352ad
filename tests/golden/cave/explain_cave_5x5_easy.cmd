pzc explain puzzles/cave/cave.pz puzzles/cave/cave_5x5_easy.pz
