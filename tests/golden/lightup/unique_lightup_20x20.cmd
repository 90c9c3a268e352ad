pzc unique puzzles/lightup/lightup.pz puzzles/lightup/lightup_20x20.lightup
