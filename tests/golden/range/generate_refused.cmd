pzc generate puzzles/range/range.pz --size 7x7
