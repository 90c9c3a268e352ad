pzc unique puzzles/dominosa/dominosa.pz puzzles/dominosa/dominosa_6_b.pz
