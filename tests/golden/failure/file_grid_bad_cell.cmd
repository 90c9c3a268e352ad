pzc solve puzzles/sudoku/sudoku.pz tests/golden/failure/file_grid_bad_cell.pz 2>&1; echo "exit $?"; pzc solve puzzles/sudoku/sudoku.pz --given clues=@tests/golden/failure/file_grid_bad_cell_rows.txt
