pzc check tests/golden/failure/char_not_ascii.pz
