pzc solve tests/golden/failure/grid_too_large.pz
