pzc check tests/golden/failure/technique_concludes_false.pz
