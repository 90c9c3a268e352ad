pzc grade puzzles/norinori/norinori.pz puzzles/norinori/nn_6x6_b.pz
