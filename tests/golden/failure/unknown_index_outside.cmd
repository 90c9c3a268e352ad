pzc count tests/golden/failure/unknown_index_outside.pz
