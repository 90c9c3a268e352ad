pzc count tests/golden/language/cells_builtin.pz
