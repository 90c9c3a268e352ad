pzc count tests/golden/language/index_of_index.pz --engine z3
