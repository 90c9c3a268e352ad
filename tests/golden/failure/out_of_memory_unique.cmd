ulimit -v 100000; pzc unique puzzles/lightup/lightup.pz puzzles/lightup/lightup_100x100.pz --json
