pzc solve tests/golden/failure/unknown_name.pz
