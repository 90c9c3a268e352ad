pzc generate puzzles/heyawake/heyawake.pz --size 6x6 --count 2 --seed 1 --difficulty tricky
