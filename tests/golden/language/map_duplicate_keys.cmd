pzc count tests/golden/language/map_duplicate_keys.pz
