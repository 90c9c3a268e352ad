pzc solve tests/golden/failure/instance_missing_given.pz
