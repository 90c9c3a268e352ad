pzc check tests/golden/failure/keyword_as_name.pz
