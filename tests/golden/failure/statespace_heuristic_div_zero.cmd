pzc search tests/golden/failure/statespace_heuristic_div_zero.pz --strategy astar
