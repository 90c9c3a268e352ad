pzc generate puzzles/sudoku/sudoku.pz --given box=2 --classify cell_r1_c1,cell_r1_c2 --count 1 --difficulty easy --seed 1 --format json
