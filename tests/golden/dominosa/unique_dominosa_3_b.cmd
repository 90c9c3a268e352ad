pzc unique puzzles/dominosa/dominosa.pz puzzles/dominosa/dominosa_3_b.pz
