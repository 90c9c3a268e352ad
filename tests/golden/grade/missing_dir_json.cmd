pzc grade puzzles/lightup/lightup.pz tests/golden/grade/no_such_dir/ --json
