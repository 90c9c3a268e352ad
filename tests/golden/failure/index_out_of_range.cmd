pzc solve tests/golden/failure/index_out_of_range.pz
