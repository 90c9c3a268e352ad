pzc grade puzzles/lightup/lightup.pz puzzles/lightup/lightup_7x7_a.lightup --time-limit 0.001
