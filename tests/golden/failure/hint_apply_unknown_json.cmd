pzc hint puzzles/sudoku/sudoku.pz puzzles/sudoku/sudoku_9x9_basic.pz --apply bogus --json
