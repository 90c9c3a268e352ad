pzc solve tests/golden/failure/cr_line_endings.pz 2>&1; echo "exit $?"; pzc check puzzles/sudoku/sudoku.pz --puzzle ''
