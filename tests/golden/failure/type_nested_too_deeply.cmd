pzc check tests/golden/failure/type_nested_too_deeply.pz
