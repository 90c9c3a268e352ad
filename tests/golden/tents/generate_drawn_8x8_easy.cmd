pzc generate puzzles/tents/tents.pz --size 8x8 --symmetry none --difficulty easy --count 2 --seed 3
