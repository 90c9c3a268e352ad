pzc grade puzzles/cave/cave.pz puzzles/cave/cave_10x10_hard.pz
