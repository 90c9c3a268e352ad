pzc solve tests/golden/failure/syntax_bad_token.pz
