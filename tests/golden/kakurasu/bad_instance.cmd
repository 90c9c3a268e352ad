pzc solve puzzles/kakurasu/kakurasu.pz tests/golden/kakurasu/bad_instance.pz
