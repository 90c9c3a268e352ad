printf '7x7b20s1d0:a1i1gB1Ba3aBaB1Bg3iBa\n' | pzc check puzzles/lightup/lightup.pz - 2>&1; echo "exit $?"; pzc check puzzles/lightup/lightup.pz puzzles/slitherlink/slitherlink_5x5_e.loopy
