pzc generate puzzles/sudoku/sudoku.pz --count 3 --seed 1 --jobs 1 --time-limit 0.000001
