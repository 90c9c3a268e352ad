pzc count tests/golden/language/map_keys_clash.pz --engine z3
