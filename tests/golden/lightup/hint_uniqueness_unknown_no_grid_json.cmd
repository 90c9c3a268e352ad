pzc hint puzzles/lightup/lightup.pz puzzles/lightup/lightup_30x30.pz --engine z3 --time-limit 0.001 --json
