pzc unique puzzles/towers/towers.pz puzzles/towers/towers_4x4_e.pz
