pzc unique puzzles/sudoku/sudoku.pz puzzles/sudoku/sudoku_9x9_advanced.pz | pzc verify puzzles/sudoku/sudoku.pz puzzles/sudoku/sudoku_9x9_advanced.pz --grid -
