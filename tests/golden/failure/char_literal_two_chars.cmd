pzc check tests/golden/failure/char_literal_two_chars.pz
