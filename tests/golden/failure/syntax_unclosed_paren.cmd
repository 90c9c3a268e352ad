pzc solve tests/golden/failure/syntax_unclosed_paren.pz
