pzc count puzzles/numbrix/numbrix.pz --given 'start=". . ./. . ./. . ."'
