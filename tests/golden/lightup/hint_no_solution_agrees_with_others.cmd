pzc hint puzzles/lightup/lightup.pz --given 'board="..#../..#.."' --grid '*-#**/.-#..'
