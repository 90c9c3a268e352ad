pzc check tests/golden/failure/recursive_def_type_unfinished.pz
