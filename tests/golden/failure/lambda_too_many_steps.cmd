pzc solve tests/golden/failure/lambda_too_many_steps.pz
