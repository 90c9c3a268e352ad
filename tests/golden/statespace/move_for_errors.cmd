pzc search tests/golden/statespace/move_for_errors.pz 2>&1; echo "exit $?"; pzc search tests/golden/statespace/move_for_via_def.pz
