pzc unique puzzles/lightup/lightup.pz puzzles/lightup/lightup_30x30_d2.lightup
