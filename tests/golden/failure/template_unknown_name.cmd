pzc check tests/golden/failure/template_unknown_name.pz
