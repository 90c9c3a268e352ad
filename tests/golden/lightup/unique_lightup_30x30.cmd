pzc unique puzzles/lightup/lightup.pz puzzles/lightup/lightup_30x30.lightup
