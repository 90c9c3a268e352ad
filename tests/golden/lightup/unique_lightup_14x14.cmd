pzc unique puzzles/lightup/lightup.pz puzzles/lightup/lightup_14x14.lightup
