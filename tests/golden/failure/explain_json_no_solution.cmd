pzc explain puzzles/lightup/lightup.pz tests/golden/failure/lightup_givens_break.pz --json
