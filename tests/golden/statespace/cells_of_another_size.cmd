pzc search tests/golden/statespace/cells_of_another_size.pz
