pzc unique puzzles/dominosa/dominosa.pz puzzles/dominosa/dominosa_5_t.pz
