pzc solve tests/golden/failure/instance_wrong_type.pz
