pzc search tests/golden/failure/statespace_store_wraps.pz one
