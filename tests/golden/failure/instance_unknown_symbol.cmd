pzc solve tests/golden/failure/instance_unknown_symbol.pz
