pzc generate puzzles/keen/keen.pz --given cages=@tests/golden/keen/cages_5x5.txt --given ops=@tests/golden/keen/ops_5x5.txt --keep-clues --difficulty hard --count 2 --seed 3 --jobs 1
