pzc check tests/golden/failure/connected_not_cells.pz
