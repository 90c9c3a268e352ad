pzc explain puzzles/binairo/binairo.pz puzzles/binairo/binairo_6x6.pz
