pzc count tests/golden/failure/collection_ops_too_many_steps.pz
