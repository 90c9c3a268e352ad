pzc check tests/golden/failure/given_two_values.pz --given "n=3 4"
