pzc count --engine z3 tests/golden/language/products.pz --limit 5
