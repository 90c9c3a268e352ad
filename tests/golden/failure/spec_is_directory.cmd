pzc solve tests/golden/failure
