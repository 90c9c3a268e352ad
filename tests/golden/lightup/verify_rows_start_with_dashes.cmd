pzc verify puzzles/lightup/lightup.pz puzzles/lightup/lightup_7x7_a.pz --grid tests/golden/lightup/verify_rows_start_with_dashes.grid
