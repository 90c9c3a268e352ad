pzc solve puzzles/undead/undead.pz puzzles/undead/undead_5x5_n.pz | pzc verify puzzles/undead/undead.pz puzzles/undead/undead_5x5_n.pz --grid -
