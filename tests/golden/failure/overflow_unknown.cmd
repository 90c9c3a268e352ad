pzc unique --engine native tests/golden/failure/overflow_unknown.pz
