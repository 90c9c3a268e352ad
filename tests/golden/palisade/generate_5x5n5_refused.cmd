pzc generate puzzles/palisade/palisade.pz --size 5x5 --count 3 --seed 1
