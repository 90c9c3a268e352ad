pzc check tests/golden/failure/technique_without_name.pz
