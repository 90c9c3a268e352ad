pzc check tests/golden/failure/lambda_after_dot.pz
