pzc check tests/golden/failure/where_names_binding.pz
