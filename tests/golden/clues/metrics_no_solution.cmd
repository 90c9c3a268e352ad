pzc metrics tests/golden/clues/metrics_no_solution.pz
