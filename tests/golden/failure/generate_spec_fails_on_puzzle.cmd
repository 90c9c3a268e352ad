pzc generate tests/golden/failure/generate_spec_fails_on_puzzle.pz --count 1 --seed 1
