pzc solve puzzles/unruly/unruly.pz tests/golden/failure/unruly_odd_size.pz
