pzc count tests/golden/failure/string_not_ascii.pz
