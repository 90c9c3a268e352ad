pzc count tests/golden/failure/set_union_of_unknowns.pz
