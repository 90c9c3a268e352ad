pzc solve tests/golden/failure/clue_not_a_given.pz
