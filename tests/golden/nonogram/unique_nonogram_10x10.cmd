pzc unique puzzles/nonogram/nonogram.pz puzzles/nonogram/nonogram_10x10.pz
