pzc verify puzzles/heyawake/heyawake.pz puzzles/heyawake/heyawake_6x6_rect.pz --grid '---#--/#-#--#/---#--/-#--#-/--#---/---#--'
