pzc grade puzzles/lightup/lightup.pz tests/golden/grade/data/mixed/same_name_two_puzzles.pz --no-time
