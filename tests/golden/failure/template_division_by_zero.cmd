pzc solve tests/golden/failure/template_division_by_zero.pz
