pzc check tests/golden/failure/variable_named_twice_by_one.pz
