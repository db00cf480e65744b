# aclcpu_gtest(<target> [TEST_PREFIX p] [TEST_FILTER f] [ENVIRONMENT VAR=value ...]
#               [DISCOVERY_TIMEOUT s] [DISCOVERY_MODE m])
#
# Registers a GoogleTest program with ctest, labelled "gtest". By default every test case is a
# ctest test of its own (gtest_discover_tests): failures are reported by name. With
# ACLNN_CPU_TEST_SHARDS=N > 0 (the sanitizer builds) the program is registered as N ctest tests
# <prefix><target>.shard<i>, each running 1/N of the cases in one process (GoogleTest's
# GTEST_TOTAL_SHARDS / GTEST_SHARD_INDEX): under ASan or TSan starting a process costs ~0.3 s,
# more than most cases, and the suites have ~2400 of them. The GTEST_FILTER environment variable
# then narrows the cases of every program registered without TEST_FILTER.
set(ACLNN_CPU_TEST_SHARDS 0 CACHE STRING
    "0: one ctest test per GoogleTest case; N > 0: N ctest tests per program (shards)")

# Builds every GoogleTest program (the TSan run builds and runs these only).
if(NOT TARGET aclcpu_gtests)
  add_custom_target(aclcpu_gtests)
endif()

function(aclcpu_gtest target)
  add_dependencies(aclcpu_gtests ${target})
  cmake_parse_arguments(A "" "TEST_PREFIX;TEST_FILTER;DISCOVERY_TIMEOUT;DISCOVERY_MODE"
                        "ENVIRONMENT" ${ARGN})
  if(ACLNN_CPU_TEST_SHARDS GREATER 0)
    set(_filter "")
    if(A_TEST_FILTER)
      set(_filter "--gtest_filter=${A_TEST_FILTER}")
    endif()
    math(EXPR _last "${ACLNN_CPU_TEST_SHARDS} - 1")
    foreach(i RANGE ${_last})
      set(_name "${A_TEST_PREFIX}${target}.shard${i}")
      add_test(NAME ${_name} COMMAND ${target} --gtest_brief=1 ${_filter})
      set_tests_properties(${_name} PROPERTIES LABELS gtest ENVIRONMENT
        "GTEST_TOTAL_SHARDS=${ACLNN_CPU_TEST_SHARDS};GTEST_SHARD_INDEX=${i};${A_ENVIRONMENT}")
    endforeach()
  else()
    set(_args "")
    foreach(k TEST_PREFIX TEST_FILTER DISCOVERY_TIMEOUT DISCOVERY_MODE)
      if(A_${k})
        list(APPEND _args ${k} "${A_${k}}")
      endif()
    endforeach()
    if(A_ENVIRONMENT)
      list(APPEND _args PROPERTIES LABELS gtest ENVIRONMENT "${A_ENVIRONMENT}")
    else()
      list(APPEND _args PROPERTIES LABELS gtest)
    endif()
    gtest_discover_tests(${target} ${_args})
  endif()
endfunction()
