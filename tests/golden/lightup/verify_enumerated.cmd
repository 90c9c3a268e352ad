pzc enumerate puzzles/lightup/lightup.pz puzzles/lightup/lightup_7x7_a.lightup --limit 1 | head -8 | pzc verify puzzles/lightup/lightup.pz puzzles/lightup/lightup_7x7_a.lightup --grid -
