pzc generate puzzles/filling/filling.pz --size 6x6 --time-limit 0.5
