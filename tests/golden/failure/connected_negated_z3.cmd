pzc count tests/golden/failure/connected_negated_z3.pz --engine z3
