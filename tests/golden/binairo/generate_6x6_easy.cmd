pzc generate puzzles/binairo/binairo.pz --size 6x6 --difficulty easy --count 2 --seed 1
