pzc unique puzzles/dominosa/dominosa.pz puzzles/dominosa/dominosa_6_h.pz --engine z3
