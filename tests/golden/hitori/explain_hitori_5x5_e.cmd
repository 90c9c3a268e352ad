pzc explain puzzles/hitori/hitori.pz puzzles/hitori/hitori_5x5_e.pz
