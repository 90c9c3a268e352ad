pzc grade puzzles/undead/undead.pz puzzles/undead/undead_4x4_t.pz
