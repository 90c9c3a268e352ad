pzc generate puzzles/futoshiki/futoshiki.pz --count 1
