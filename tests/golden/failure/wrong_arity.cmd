pzc solve tests/golden/failure/wrong_arity.pz
