pzc generate puzzles/lightup/lightup.pz --density nan
