pzc solve tests/golden/failure/puzzle_declared_twice.pz
