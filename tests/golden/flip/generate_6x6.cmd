pzc generate puzzles/flip/flip.pz --size 6x6 --count 2 --seed 1
