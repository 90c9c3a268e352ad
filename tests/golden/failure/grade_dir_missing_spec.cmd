pzc grade tests/golden/failure/no_such_spec.pz puzzles/lightup/
