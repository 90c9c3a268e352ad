pzc check tests/golden/failure/technique_pattern_unevaluable.pz
