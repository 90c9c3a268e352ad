pzc generate puzzles/yinyang/yinyang.pz --size 6x6 --difficulty tricky --count 2 --seed 1 --jobs 1
