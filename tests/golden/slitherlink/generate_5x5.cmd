pzc generate puzzles/slitherlink/slitherlink.pz --size 5x5 --count 2 --seed 1
