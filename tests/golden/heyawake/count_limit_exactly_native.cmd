pzc count puzzles/heyawake/heyawake.pz puzzles/heyawake/heyawake_6x6_many.pz --engine native --limit 2107
