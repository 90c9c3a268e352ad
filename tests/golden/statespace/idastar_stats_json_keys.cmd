pzc search puzzles/statespace/jugs.pz --given 'caps=[2,4]' --given want=3 --strategy idastar --json --stats | grep -o '"[a-z_]*":' | tr -d '\n'; echo
