pzc generate puzzles/flip/flip.pz --size 7x7 --count 1 --seed 2 --difficulty fiendish
