pzc hint puzzles/sudoku/sudoku.pz puzzles/sudoku/sudoku_9x9_advanced.pz --grid ''
