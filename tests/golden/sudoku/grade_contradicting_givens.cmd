pzc grade puzzles/sudoku/sudoku.pz tests/golden/sudoku/contradicting_givens.pz
