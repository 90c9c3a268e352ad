pzc count tests/golden/failure/as_set_of_unknowns.pz
