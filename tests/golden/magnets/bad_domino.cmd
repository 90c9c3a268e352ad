pzc check puzzles/magnets/magnets.pz puzzles/magnets/magnets_6x6_e.pz --given 'layout="TLLLRT/BLRTTB/LRTBBT/TTBLRB/BBTTLR/LRBBLR"'
