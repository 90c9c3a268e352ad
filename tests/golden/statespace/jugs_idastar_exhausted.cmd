pzc search puzzles/statespace/jugs.pz --given 'caps=[2,4]' --given want=3 --strategy idastar --time-limit 20
