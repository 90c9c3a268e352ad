pzc unique puzzles/undead/undead.pz puzzles/undead/undead_7x7_n.pz --engine native
