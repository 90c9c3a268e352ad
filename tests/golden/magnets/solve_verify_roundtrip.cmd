pzc solve puzzles/magnets/magnets.pz puzzles/magnets/magnets_10x10_t.pz | pzc verify puzzles/magnets/magnets.pz puzzles/magnets/magnets_10x10_t.pz --grid - --json
