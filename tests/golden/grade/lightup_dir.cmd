pzc grade puzzles/lightup/lightup.pz tests/golden/grade/data/lightup --no-time
