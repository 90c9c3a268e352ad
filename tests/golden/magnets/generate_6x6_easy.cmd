pzc generate puzzles/magnets/magnets.pz --given 'layout="TLRLRT/BLRTTB/LRTBBT/TTBLRB/BBTTLR/LRBBLR"' --count 2 --seed 1 --difficulty easy
