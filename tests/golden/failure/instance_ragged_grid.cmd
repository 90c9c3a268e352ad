pzc solve tests/golden/failure/instance_ragged_grid.pz
