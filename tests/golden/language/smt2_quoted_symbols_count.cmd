pzc count --engine z3 tests/golden/language/smt2_quoted_symbols.pz; pzc count --engine native tests/golden/language/smt2_quoted_symbols.pz
