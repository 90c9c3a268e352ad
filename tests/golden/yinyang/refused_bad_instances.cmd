pzc check puzzles/yinyang/yinyang.pz tests/golden/yinyang/bad_circle.pz 2>&1; echo "exit $?"; pzc solve puzzles/yinyang/yinyang.pz tests/golden/yinyang/bad_size.pz
