pzc check tests/golden/failure/too_many_constraints.pz
