pzc unique puzzles/suguru/suguru.pz puzzles/suguru/suguru_6x6_e.pz
