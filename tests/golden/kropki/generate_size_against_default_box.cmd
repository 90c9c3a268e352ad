pzc generate puzzles/kropki/kropki.pz --size 6x6
