pzc generate puzzles/filling/filling.pz --size 5x5 --time-limit 0.5
