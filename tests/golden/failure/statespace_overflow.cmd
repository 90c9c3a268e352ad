pzc search tests/golden/failure/statespace_overflow.pz one
