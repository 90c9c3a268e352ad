pzc grade puzzles/lightup/lightup.pz tests/golden/grade/data/mixed/lightup_abc_lightup.pz --no-time
