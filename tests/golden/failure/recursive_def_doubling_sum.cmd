pzc solve tests/golden/failure/recursive_def_doubling_sum.pz
