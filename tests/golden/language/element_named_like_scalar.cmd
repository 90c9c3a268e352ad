pzc explain tests/golden/language/element_named_like_scalar.pz
