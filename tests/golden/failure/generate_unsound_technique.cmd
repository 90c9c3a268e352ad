pzc generate tests/golden/failure/generate_unsound_technique.pz --count 3 --seed 1
