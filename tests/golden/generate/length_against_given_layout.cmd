pzc generate puzzles/magnets/magnets.pz --given layout='"LRLRTT/LRLRBB/TLRLRT/BLRLRB/LRTLRT/LRBLRB"' --length colPlus=7
