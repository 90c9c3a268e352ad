pzc grade puzzles/lightup/lightup.pz puzzles/lightup/lightup_7x7_a.lightup puzzles/lightup/lightup_7x7_b.pz --time-limit 0.001 --no-time
