pzc generate puzzles/sudoku/sudoku.pz --without clues
