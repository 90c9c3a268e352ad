pzc count --engine native tests/golden/language/products.pz
