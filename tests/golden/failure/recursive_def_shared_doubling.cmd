pzc check tests/golden/failure/recursive_def_shared_doubling.pz
