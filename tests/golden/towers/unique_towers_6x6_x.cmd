pzc unique puzzles/towers/towers.pz puzzles/towers/towers_6x6_x.pz
