pzc explain puzzles/undead/undead.pz puzzles/undead/undead_4x4_e.pz
