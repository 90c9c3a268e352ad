pzc explain puzzles/nonogram/nonogram.pz puzzles/nonogram/nonogram_5x5.pz
