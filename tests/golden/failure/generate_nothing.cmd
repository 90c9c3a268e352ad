pzc generate puzzles/npuzzle/npuzzle.pz
