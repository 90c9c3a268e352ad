pzc count puzzles/slant/slant.pz --given 'clues="..../..../..../...."' --engine native
