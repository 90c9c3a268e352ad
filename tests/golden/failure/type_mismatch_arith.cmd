pzc solve tests/golden/failure/type_mismatch_arith.pz
