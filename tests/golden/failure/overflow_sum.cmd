pzc count tests/golden/failure/overflow_sum.pz
