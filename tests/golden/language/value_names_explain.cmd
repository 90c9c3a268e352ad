pzc explain tests/golden/language/value_names.pz
