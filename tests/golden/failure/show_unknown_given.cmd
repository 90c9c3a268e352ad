pzc show puzzles/lightup/lightup.pz --given bord=[]
