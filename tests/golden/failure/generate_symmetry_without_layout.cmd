pzc generate puzzles/sudoku/sudoku.pz --seed 4 --symmetry rot4
