ulimit -v 400000; pzc generate puzzles/lightup/lightup.pz --size 200x200 --count 2 --seed 1 --jobs 2 --time-limit 60
