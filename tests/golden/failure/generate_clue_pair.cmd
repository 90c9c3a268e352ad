pzc generate tests/golden/failure/generate_clue_pair.pz --seed 1
