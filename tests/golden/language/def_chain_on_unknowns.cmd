pzc count tests/golden/language/def_chain_on_unknowns.pz --engine native
