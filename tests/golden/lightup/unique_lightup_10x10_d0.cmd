pzc unique puzzles/lightup/lightup.pz puzzles/lightup/lightup_10x10_d0.lightup
