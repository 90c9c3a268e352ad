pzc generate puzzles/dominosa/dominosa.pz
