pzc generate puzzles/killer/killer.pz --count 1 --seed 1 --jobs 1 --time-limit 1
