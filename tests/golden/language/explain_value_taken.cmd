pzc explain tests/golden/language/explain_value_taken.pz
