pzc explain tests/golden/language/bool_names.pz
