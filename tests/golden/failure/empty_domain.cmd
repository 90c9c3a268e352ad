pzc solve tests/golden/failure/empty_domain.pz
