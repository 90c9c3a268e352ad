pzc count puzzles/numbrix/numbrix.pz --given 'start="1 . ./. . ./. . 9"'
