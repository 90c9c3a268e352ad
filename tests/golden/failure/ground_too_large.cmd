pzc check tests/golden/failure/ground_too_large.pz
