pzc check tests/golden/failure/for_variable_twice.pz
