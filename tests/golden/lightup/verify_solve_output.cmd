pzc solve puzzles/lightup/lightup.pz puzzles/lightup/lightup_7x7_a.pz | pzc verify puzzles/lightup/lightup.pz puzzles/lightup/lightup_7x7_a.pz --grid -
