pzc generate puzzles/sudoku/sudoku.pz --given box=2 --count 2 --seed 1
