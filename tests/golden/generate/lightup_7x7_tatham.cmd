pzc generate puzzles/lightup/lightup.pz --size 7x7 --count 2 --seed 4 --difficulty easy --format tatham
