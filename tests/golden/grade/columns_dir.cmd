pzc grade puzzles/abc/abc.pz tests/golden/grade/data/columns --no-time
