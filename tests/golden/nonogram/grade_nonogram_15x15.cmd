pzc grade puzzles/nonogram/nonogram.pz puzzles/nonogram/nonogram_15x15.pz
