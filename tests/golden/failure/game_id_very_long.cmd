{ printf '7x7:'; head -c 5000000 /dev/zero | tr '\000' B; echo; } | pzc solve puzzles/lightup/lightup.pz -
