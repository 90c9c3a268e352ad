pzc search puzzles/npuzzle/npuzzle.pz tests/golden/failure/instance_grid_bad_cell.pz
