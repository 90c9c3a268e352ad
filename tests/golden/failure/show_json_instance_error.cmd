pzc show puzzles/sudoku/sudoku.pz tests/golden/failure/clue_99.solo --json 2>/dev/null
