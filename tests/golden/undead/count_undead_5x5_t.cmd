pzc count puzzles/undead/undead.pz puzzles/undead/undead_5x5_t.pz
