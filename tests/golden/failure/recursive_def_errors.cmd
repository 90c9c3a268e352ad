pzc check tests/golden/failure/recursive_def_errors.pz
