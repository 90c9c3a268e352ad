pzc generate puzzles/lightup/lightup.pz --size 3x3 --count 40 --seed 1 --jobs 1 --format tatham
