pzc generate puzzles/palisade/palisade.pz --size 4x4 --given k=4 --count 2 --seed 1
