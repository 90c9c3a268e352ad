pzc grade puzzles/lightup/lightup.pz tests/golden/grade/data/samename/same_name_two_puzzles.pz --no-time
