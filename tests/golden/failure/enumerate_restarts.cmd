pzc enumerate tests/golden/language/enumerate_queens.pz --restarts 5
