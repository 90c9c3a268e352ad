pzc check tests/golden/failure/check_no_solution_json.pz --json
