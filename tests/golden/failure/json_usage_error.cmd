pzc generate puzzles/lightup/lightup.pz --count 0 --json
