pzc check tests/golden/failure/bang_equal.pz
