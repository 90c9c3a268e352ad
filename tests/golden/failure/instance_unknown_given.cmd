pzc solve tests/golden/failure/instance_unknown_given.pz
