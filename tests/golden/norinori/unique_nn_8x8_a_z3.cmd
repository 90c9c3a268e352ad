pzc unique puzzles/norinori/norinori.pz puzzles/norinori/nn_8x8_a.pz --engine z3
