pzc check tests/golden/failure/dangling_and.pz 2>&1; pzc check tests/golden/failure/dangling_operator.pz
