pzc solve puzzles/signpost/signpost.pz tests/golden/signpost/no_numbering.pz
