pzc unique puzzles/towers/towers.pz puzzles/towers/towers_5x5_e.pz
