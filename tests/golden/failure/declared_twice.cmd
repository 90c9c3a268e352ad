pzc solve tests/golden/failure/declared_twice.pz
