pzc unique puzzles/sudoku/sudoku.pz inkala
