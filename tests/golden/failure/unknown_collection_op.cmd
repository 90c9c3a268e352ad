pzc solve tests/golden/failure/unknown_collection_op.pz
