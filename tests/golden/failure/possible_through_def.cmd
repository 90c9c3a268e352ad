pzc check tests/golden/failure/possible_through_def.pz
