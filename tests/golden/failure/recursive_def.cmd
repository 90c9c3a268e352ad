pzc solve tests/golden/failure/recursive_def.pz
