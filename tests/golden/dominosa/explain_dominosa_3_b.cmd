pzc explain puzzles/dominosa/dominosa.pz puzzles/dominosa/dominosa_3_b.pz
