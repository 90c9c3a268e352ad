pzc solve tests/golden/failure/for_variable_hides_var.pz
