pzc solve tests/golden/failure/picture_fails.pz
