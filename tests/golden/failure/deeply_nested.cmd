pzc solve tests/golden/failure/deeply_nested.pz
