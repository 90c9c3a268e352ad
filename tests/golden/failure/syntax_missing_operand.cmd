pzc solve tests/golden/failure/syntax_missing_operand.pz
