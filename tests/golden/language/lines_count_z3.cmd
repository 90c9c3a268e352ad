pzc count tests/golden/language/lines.pz --engine z3
