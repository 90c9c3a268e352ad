pzc unique --engine native puzzles/signpost/signpost.pz puzzles/signpost/signpost_6x6.pz
