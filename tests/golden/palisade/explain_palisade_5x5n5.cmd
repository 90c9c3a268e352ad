pzc explain puzzles/palisade/palisade.pz puzzles/palisade/palisade_5x5n5.pz
