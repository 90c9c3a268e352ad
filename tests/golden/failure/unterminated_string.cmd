pzc check tests/golden/failure/unterminated_string.pz
