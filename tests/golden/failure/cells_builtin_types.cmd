pzc check tests/golden/failure/cells_builtin_types.pz
