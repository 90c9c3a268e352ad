pzc verify puzzles/lightup/lightup.pz puzzles/lightup/lightup_10x10_d0.pz --grid Z../... --json
