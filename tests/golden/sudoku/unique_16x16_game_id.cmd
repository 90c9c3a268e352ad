pzc unique puzzles/sudoku/sudoku.pz puzzles/sudoku/sudoku_16x16_a.solo
