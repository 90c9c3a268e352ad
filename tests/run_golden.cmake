# Runs one golden test: the command in CMD (with `pzc` standing for the binary, at the
# start or after "| " or "; "), from
# the source root, stdout and stderr merged, then `exit N`; compares with CMD's .out.
# Set PZC_UPDATE_GOLDEN=1 in the environment to rewrite the .out files instead.
file(READ ${CMD} command)
string(STRIP "${command}" command)
string(REGEX REPLACE "^pzc " "\"${PZC}\" " command "${command}")
# (and after a pipe: `python3 -c "..." | pzc solve SPEC -` feeds a generated input)
string(REPLACE "| pzc " "| \"${PZC}\" " command "${command}")
# (and after a `;`: `ulimit -v 100000; pzc unique ...` runs it with little memory)
string(REPLACE "; pzc " "; \"${PZC}\" " command "${command}")
execute_process(COMMAND sh -c "${command} 2>&1; echo \"exit $?\""
                WORKING_DIRECTORY ${ROOT} OUTPUT_VARIABLE actual)
string(REGEX REPLACE "\\.cmd$" ".out" expected_file ${CMD})
if(DEFINED ENV{PZC_UPDATE_GOLDEN})
  file(WRITE ${expected_file} "${actual}")
  return()
endif()
if(NOT EXISTS ${expected_file})
  message(FATAL_ERROR "missing ${expected_file}; actual output:\n${actual}")
endif()
file(READ ${expected_file} expected)
if(NOT actual STREQUAL expected)
  file(WRITE ${expected_file}.actual "${actual}")
  message(FATAL_ERROR "output differs from ${expected_file} (actual in ${expected_file}.actual):\n${actual}")
endif()
