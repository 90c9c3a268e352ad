pzc generate puzzles/thermometers/thermometers.pz --given 'thermo="ABBBB/ACCCD/AEEED/AFFFD/AGGGD"' --given 'step="54321/41234/33213/21232/13211"' --count 2 --seed 1
