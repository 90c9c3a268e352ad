pzc generate puzzles/lightup/lightup.pz --size 100x100 --jobs 1 --seed 1 --time-limit 1 --json
