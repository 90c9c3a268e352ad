pzc check tests/golden/failure/instance_value_quoted.pz a
