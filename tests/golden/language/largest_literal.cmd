pzc count tests/golden/language/largest_literal.pz
