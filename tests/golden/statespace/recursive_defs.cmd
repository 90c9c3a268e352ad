pzc search tests/golden/statespace/recursive_defs.pz --strategy breadth
