pzc solve puzzles/sudoku/sudoku.pz - < tests/golden
