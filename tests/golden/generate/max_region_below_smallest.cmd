pzc generate puzzles/norinori/norinori.pz --size 6x6 --max-region 1 --seed 1
