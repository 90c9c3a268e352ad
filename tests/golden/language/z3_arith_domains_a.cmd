pzc count --engine z3 tests/golden/language/z3_arith_domains_a.pz
