pzc solve tests/golden/failure/word_not_ascii.pz
