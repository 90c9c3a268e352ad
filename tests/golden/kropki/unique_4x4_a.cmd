pzc unique puzzles/kropki/kropki.pz puzzles/kropki/kropki_4x4_a.pz
