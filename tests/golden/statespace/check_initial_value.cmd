pzc check tests/golden/statespace/short_initial_value.pz
