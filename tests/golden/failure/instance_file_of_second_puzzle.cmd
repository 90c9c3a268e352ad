pzc unique tests/golden/failure/sudoku_then_lightup.pz puzzles/lightup/lightup_7x7_a.pz --puzzle LightUp; pzc unique tests/golden/failure/sudoku_then_lightup.pz puzzles/lightup/lightup_7x7_a.pz
