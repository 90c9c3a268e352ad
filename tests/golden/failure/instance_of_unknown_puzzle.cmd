pzc solve tests/golden/failure/instance_of_unknown_puzzle.pz
