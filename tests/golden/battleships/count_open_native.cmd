pzc count puzzles/battleships/battleships.pz puzzles/battleships/battleships_6x6_open.pz --engine native
