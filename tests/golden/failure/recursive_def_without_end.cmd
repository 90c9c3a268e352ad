pzc solve tests/golden/failure/recursive_def_without_end.pz
