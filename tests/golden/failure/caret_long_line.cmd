pzc check tests/golden/failure/caret_long_line.pz
