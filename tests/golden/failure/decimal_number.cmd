pzc check tests/golden/failure/decimal_number.pz
