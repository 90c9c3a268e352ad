pzc search tests/golden/statespace/seq_position_out_of_range.pz
