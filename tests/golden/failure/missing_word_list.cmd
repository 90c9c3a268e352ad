pzc solve tests/golden/failure/missing_word_list.pz
