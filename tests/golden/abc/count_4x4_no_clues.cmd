pzc count puzzles/abc/abc.pz --given n=4 --given 'letters={A,B,C}' --given 'top="...."' --given 'bottom="...."' --given 'left="...."' --given 'right="...."'
