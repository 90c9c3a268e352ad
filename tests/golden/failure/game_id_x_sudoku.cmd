pzc unique puzzles/sudoku/sudoku.pz tests/golden/failure/game_id_x_sudoku.solo
