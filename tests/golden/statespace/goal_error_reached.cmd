pzc search tests/golden/statespace/goal_error_reached.pz 2>&1; pzc search tests/golden/statespace/goal_error_reached.pz --strategy idastar
