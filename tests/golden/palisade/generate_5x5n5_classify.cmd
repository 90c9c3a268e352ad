pzc generate puzzles/palisade/palisade.pz --size 5x5 --classify wall_1 --count 1 --seed 1 --difficulty easy
