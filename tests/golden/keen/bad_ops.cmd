pzc solve puzzles/keen/keen.pz tests/golden/keen/bad_ops.pz
