pzc grade puzzles/clues/zebra_facts.pz puzzles/clues/zebra_facts_tricky.pz
