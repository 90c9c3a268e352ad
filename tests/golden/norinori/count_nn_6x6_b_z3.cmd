pzc count puzzles/norinori/norinori.pz puzzles/norinori/nn_6x6_b.pz --engine z3
