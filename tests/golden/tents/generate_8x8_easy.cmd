pzc generate puzzles/tents/tents.pz --count 2 --difficulty easy --seed 1 --given 'board="......../.T.T...T/T....T../......T./...T..../.....T../.T.T..T./T......."'
