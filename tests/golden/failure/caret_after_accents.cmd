pzc check tests/golden/failure/caret_after_accents.pz
