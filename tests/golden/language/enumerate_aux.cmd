pzc enumerate tests/golden/language/enumerate_aux.pz 2>&1; pzc enumerate tests/golden/language/enumerate_aux.pz --engine z3 --limit 0 --json
