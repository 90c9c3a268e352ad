pzc solve tests/golden/failure/no_such_file.pz
