pzc check tests/golden/failure/name_two_texts_not_bool.pz
