pzc hint puzzles/sudoku/sudoku.pz tests/golden/sudoku/no_solution_hint.pz
