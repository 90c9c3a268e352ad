pzc generate puzzles/map/map.pz --given region=@tests/golden/map/region_10x10.txt --difficulty tricky --count 1 --seed 1
