pzc generate puzzles/towers/towers.pz --given n=abc
