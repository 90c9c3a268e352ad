pzc grade puzzles/abc/abc.pz tests/golden/grade/data/mixed/lightup_abc_lightup.pz --no-time
