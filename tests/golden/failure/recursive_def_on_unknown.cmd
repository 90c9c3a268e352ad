pzc solve tests/golden/failure/recursive_def_on_unknown.pz
