pzc count tests/golden/failure/connected_inside_not.pz --engine z3
