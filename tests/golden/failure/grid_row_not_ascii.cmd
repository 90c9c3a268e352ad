pzc solve puzzles/lightup/lightup.pz tests/golden/failure/grid_row_not_ascii.lightup
