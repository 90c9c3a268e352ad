pzc dump --stage smt2 tests/golden/language/smt2_quoted_symbols.pz
