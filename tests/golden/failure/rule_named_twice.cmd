pzc check tests/golden/failure/rule_named_twice.pz
