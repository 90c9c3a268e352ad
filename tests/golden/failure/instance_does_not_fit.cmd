pzc solve tests/golden/failure/instance_does_not_fit.pz
