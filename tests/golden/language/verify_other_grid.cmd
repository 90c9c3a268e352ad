pzc verify tests/golden/language/verify_other_grid.pz --grid '10'
