pzc unique puzzles/nonogram/nonogram.pz puzzles/nonogram/nonogram_20x20.pz
