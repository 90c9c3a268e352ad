pzc generate puzzles/suguru/suguru.pz --size 5x5 --regions 6 --max-region 5 --count 1 --seed 3 --jobs 1
