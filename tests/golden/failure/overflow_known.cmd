pzc solve tests/golden/failure/overflow_known.pz
