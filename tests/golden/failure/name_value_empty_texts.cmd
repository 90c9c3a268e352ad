pzc check tests/golden/failure/name_value_empty_texts.pz
