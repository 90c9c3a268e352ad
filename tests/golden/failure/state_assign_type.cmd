pzc check tests/golden/failure/state_assign_type.pz
