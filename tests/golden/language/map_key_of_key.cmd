pzc count tests/golden/language/map_key_of_key.pz
