pzc solve tests/golden/failure/type_mismatch_compare.pz
