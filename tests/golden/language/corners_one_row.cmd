pzc count tests/golden/language/corners_one_row.pz
