pzc verify puzzles/lightup/lightup.pz puzzles/lightup/lightup_7x7_a.lightup --grid no_such_grid.txt
