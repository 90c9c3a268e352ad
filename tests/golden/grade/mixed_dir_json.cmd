pzc grade puzzles/lightup/lightup.pz tests/golden/grade/data/mixed --no-time --json
