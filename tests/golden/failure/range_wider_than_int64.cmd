pzc check tests/golden/failure/range_wider_than_int64.pz
