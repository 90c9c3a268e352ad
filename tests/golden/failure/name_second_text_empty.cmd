pzc check tests/golden/failure/name_second_text_empty.pz
