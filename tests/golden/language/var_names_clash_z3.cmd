pzc count tests/golden/language/var_names_clash.pz --engine z3
