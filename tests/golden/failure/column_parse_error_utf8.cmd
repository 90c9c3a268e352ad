pzc check tests/golden/failure/column_parse_error_utf8.pz
