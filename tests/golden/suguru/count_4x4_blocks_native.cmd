pzc count puzzles/suguru/suguru.pz --given 'regions="AABB/AABB/CCDD/CCDD"' --given 'digits=". . . ./. . . ./. . . ./. . . ."' --engine native
