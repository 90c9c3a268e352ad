pzc verify puzzles/sudoku/sudoku.pz tests/golden/sudoku/contradicting_givens.pz --grid '........./.4......./........./........./........./........./........./........./.........'
