pzc count tests/golden/language/lines.pz
