pzc explain puzzles/heyawake/heyawake.pz puzzles/heyawake/heyawake_7x7_t.pz
