pzc unique puzzles/nonogram/nonogram.pz puzzles/nonogram/nonogram_25x25.pz
