pzc count tests/golden/language/range_at_int64_max.pz --engine native
