pzc generate puzzles/suguru/suguru.pz --size 6x6 --regions 8 --max-region 5 --difficulty tricky --count 1 --seed 1 --jobs 1 | pzc grade puzzles/suguru/suguru.pz -
