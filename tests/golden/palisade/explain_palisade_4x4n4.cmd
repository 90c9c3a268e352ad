pzc explain puzzles/palisade/palisade.pz puzzles/palisade/palisade_4x4n4.pz
