pzc enumerate tests/golden/language/enumerate_queens.pz --given n=6 --engine z3 --limit 0 --json
