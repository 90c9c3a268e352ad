pzc generate tests/golden/generate/constant_clue.pz --length need=3 --count 2 --seed 1
