pzc check tests/golden/failure/collect_two_parameters.pz
