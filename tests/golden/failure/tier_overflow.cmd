pzc check tests/golden/failure/tier_overflow.pz
