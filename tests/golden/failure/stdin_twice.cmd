pzc verify puzzles/sudoku/sudoku.pz - --grid - < puzzles/sudoku/sudoku_9x9_basic.pz
