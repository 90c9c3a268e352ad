pzc solve tests/golden/failure/possible_in_rule.pz
