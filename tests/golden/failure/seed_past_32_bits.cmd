pzc solve puzzles/sudoku/sudoku.pz puzzles/sudoku/sudoku_9x9_basic.pz --seed 4294967296
