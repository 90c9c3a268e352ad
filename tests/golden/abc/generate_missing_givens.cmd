pzc generate puzzles/abc/abc.pz --count 1
