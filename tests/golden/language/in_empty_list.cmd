pzc count tests/golden/language/in_empty_list.pz --engine native 2>&1; echo "exit $?"; pzc count tests/golden/language/in_empty_list.pz --engine z3
