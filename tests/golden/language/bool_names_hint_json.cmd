pzc hint tests/golden/language/bool_names.pz --json
