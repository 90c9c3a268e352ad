pzc unique puzzles/towers/towers.pz puzzles/towers/towers_7x7_u.pz
