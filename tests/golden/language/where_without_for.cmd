pzc count tests/golden/language/where_without_for.pz six; pzc count tests/golden/language/where_without_for.pz open
