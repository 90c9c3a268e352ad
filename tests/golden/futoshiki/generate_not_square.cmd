pzc generate puzzles/futoshiki/futoshiki.pz --size 4x5 --count 1
