pzc grade puzzles/lightup/lightup.pz tests/golden/grade/data/lightup/generated_7x7.pz --no-time
