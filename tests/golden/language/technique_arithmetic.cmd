pzc hint tests/golden/language/technique_arithmetic.pz
