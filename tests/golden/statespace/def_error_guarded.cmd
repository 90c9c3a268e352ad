pzc search tests/golden/statespace/def_error_guarded.pz
