pzc check tests/golden/failure/column_counts_characters.pz; pzc check tests/golden/failure/column_counts_characters.pz --json 2>/dev/null
