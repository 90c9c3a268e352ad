pzc solve puzzles/sudoku/sudoku.pz tests/golden/sudoku/conflicting_clues.pz 2>&1; pzc unique puzzles/sudoku/sudoku.pz tests/golden/sudoku/conflicting_clues.pz --json
