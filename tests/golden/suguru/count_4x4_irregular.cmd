pzc count puzzles/suguru/suguru.pz --given 'regions="DDDA/CDAA/CCBA/CCBB"' --given 'digits=". . . ./. . . ./. . . ./. . . ."'
