pzc solve tests/golden/failure/latin1_string.pz --json
