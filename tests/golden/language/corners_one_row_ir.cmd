pzc dump tests/golden/language/corners_one_row.pz --stage ir
