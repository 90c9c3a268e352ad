pzc generate puzzles/towers/towers.pz --given n=1 --seed 1 --jobs 1 --max-attempts 50
