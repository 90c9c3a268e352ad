pzc search tests/golden/failure/statespace_big_number.pz one
