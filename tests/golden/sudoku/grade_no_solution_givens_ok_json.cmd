pzc grade puzzles/sudoku/sudoku.pz tests/golden/sudoku/no_solution_givens_ok.pz --json
