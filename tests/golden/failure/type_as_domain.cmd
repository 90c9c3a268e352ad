pzc check tests/golden/failure/type_as_domain.pz
