pzc solve tests/golden/failure/forall_not_bool.pz
