pzc generate puzzles/sudoku/sudoku.pz --given box=2 --difficulty easy --count 1 --seed 3 --trace
