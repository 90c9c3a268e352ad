pzc count --engine native tests/golden/language/big_coefficients.pz
