pzc explain puzzles/flip/flip.pz tests/golden/flip/tiny_3x3.pz
