pzc solve puzzles/abc/abc.pz no_such_instance
