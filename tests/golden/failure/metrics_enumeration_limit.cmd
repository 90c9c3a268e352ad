pzc metrics puzzles/lightup/lightup.pz puzzles/lightup/lightup_7x7_a.pz --method enumerate --enumeration-limit 1
