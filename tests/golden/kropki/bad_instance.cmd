pzc solve puzzles/kropki/kropki.pz tests/golden/kropki/bad_instance.pz
