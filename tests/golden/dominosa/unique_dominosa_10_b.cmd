pzc unique puzzles/dominosa/dominosa.pz puzzles/dominosa/dominosa_10_b.pz
