pzc generate puzzles/sudoku/sudoku.pz --given box=2 --given 'clues="1.../..../..../...."' --seed 1
