pzc grade puzzles/signpost/signpost.pz puzzles/signpost/signpost_5x5.pz
