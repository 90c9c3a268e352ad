pzc check tests/golden/failure/name_second_text_missing.pz
