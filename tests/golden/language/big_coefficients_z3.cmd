pzc count --engine z3 tests/golden/language/big_coefficients.pz
