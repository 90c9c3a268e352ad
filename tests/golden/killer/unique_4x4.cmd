pzc unique puzzles/killer/killer.pz puzzles/killer/killer_4x4.pz
