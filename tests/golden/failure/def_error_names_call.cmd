pzc check tests/golden/failure/def_error_names_call.pz
