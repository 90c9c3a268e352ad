pzc check puzzles/sudoku/sudoku.pz --given box=
