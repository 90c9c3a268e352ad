pzc grade puzzles/lightup/lightup.pz tests/golden/failure/instance_names_twice.pz --no-time
