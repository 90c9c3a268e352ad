pzc check tests/golden/failure/chained_comparison.pz
