pzc solve puzzles/sudoku/sudoku.pz tests/golden/failure/two_instances_in_file.pz
