pzc solve tests/golden/failure/sudoku_then_lightup.pz inkala --puzzle LightUp
