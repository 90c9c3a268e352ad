pzc solve tests/golden/failure/integer_too_large.pz
