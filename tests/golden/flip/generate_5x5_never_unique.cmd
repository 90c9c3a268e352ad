pzc generate puzzles/flip/flip.pz --size 5x5 --count 1 --seed 1 --max-attempts 20
