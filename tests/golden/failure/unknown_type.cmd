pzc solve tests/golden/failure/unknown_type.pz
