ulimit -v 200000; pzc unique puzzles/sudoku/sudoku.pz tests/golden/failure/empty_36x36.txt --given box=6 --json | grep -E "\"(unique|status)\""
