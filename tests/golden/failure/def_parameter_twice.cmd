pzc check tests/golden/failure/def_parameter_twice.pz
