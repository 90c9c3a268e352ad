pzc generate puzzles/palisade/palisade.pz --size 5x5 --count 2 --seed 1 --difficulty easy
