pzc grade puzzles/killer/killer.pz puzzles/killer/killer_9x9.pz puzzles/killer/killer_9x9_b.pz puzzles/killer/killer_4x4.pz --no-time
