pzc grade puzzles/abc/abc.pz tests/golden/grade/data/abc --no-time
