pzc generate puzzles/clues/zebra_facts.pz --difficulty easy --seed 1
