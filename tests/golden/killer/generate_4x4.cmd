pzc generate puzzles/killer/killer.pz --given box=2 --given 'cages="ABBB/CDDE/CFDG/CFGG"' --keep-clues --seed 1
