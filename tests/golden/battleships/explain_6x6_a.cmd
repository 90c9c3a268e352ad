pzc explain puzzles/battleships/battleships.pz puzzles/battleships/battleships_6x6_a.pz
