pzc check tests/golden/failure/variable_named_twice.pz
