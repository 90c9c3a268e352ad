pzc check tests/golden/failure/unsound_technique.pz
