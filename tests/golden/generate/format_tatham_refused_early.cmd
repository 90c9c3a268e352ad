pzc generate puzzles/sudoku/sudoku.pz --format tatham --count 5
