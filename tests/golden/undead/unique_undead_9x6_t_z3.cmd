pzc unique puzzles/undead/undead.pz puzzles/undead/undead_9x6_t.pz --engine z3
