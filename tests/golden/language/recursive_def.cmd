pzc solve tests/golden/language/recursive_def.pz
