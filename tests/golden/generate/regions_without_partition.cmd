pzc generate puzzles/lightup/lightup.pz --regions 4
