pzc generate puzzles/lightup/lightup.pz --size 7x7 --format tatham --json
