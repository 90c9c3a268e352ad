pzc unique puzzles/lightup/lightup.pz puzzles/lightup/lightup_7x7_a.pz --line 0
