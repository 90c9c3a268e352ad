pzc solve tests/golden/failure/lambda_too_many_tuples.pz
