pzc grade puzzles/lightup/lightup.pz tests/golden/grade/data/empty
