pzc unique puzzles/signpost/signpost.pz puzzles/signpost/signpost_4x4.pz
