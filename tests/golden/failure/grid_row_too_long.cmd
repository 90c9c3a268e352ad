{ head -c 5000000 /dev/zero | tr '\000' .; echo; } | pzc solve puzzles/lightup/lightup.pz -
