pzc unique puzzles/norinori/norinori.pz puzzles/norinori/nn_6x6_a.pz
