pzc hint tests/golden/language/value_names.pz --json
