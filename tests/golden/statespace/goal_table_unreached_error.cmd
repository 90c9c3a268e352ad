pzc search tests/golden/statespace/goal_table_unreached_error.pz
