pzc check tests/golden/failure/check_rule_always_false.pz
