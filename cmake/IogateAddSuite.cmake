# iogate_add_suite(<name>
#                  THRESHOLDS <file>...     threshold files; optional with SOURCES
#                  [SOURCES <file>...]      checks written by hand: TEST_F on iogate::CheckFixture
#                                           (include/iogate/fixtures/check_fixture.hpp)
#                  [DATASTORE <dir>]        must exist; default: IOGATE_DEFAULT_DATASTORE
#                                           (<build>/datastore, created when missing)
#                  [REPORT_DIR <dir>]       default: IOGATE_REPORT_DIR (<build>/results)
#                  [BASELINE <file>]        baseline for "N% of baseline" bounds (see
#                                           docs/verdicts.md, "Baselines"); IOGATE_BASELINE and
#                                           --baseline override
#                  [LABELS <label>...])
#
# Builds the suite executable <name> and makes every [[check]] of its threshold files, and every
# test of its SOURCES, one ctest test named <name>.<check> (a test written by hand is the check
# named like the test, see suites/suite_main.cpp), labelled <name>, its threshold file's [suite] profile and LABELS,
# with a RESOURCE_LOCK on the datastore (so `ctest -j` never runs two checks on one datastore at
# once) and the TIMEOUT the threshold file derives for the check. Every check also asks ctest for
# RESOURCE_GROUPS datastores:1, one slot of one datastore, which ctest ignores unless it runs with
# --resource-spec-file; with IOGATE_RESOURCE_SPEC_FILE set when ctest starts, the lock is dropped
# and each check runs on the datastore ctest allocated it (see
# src/runner/datastore_allocation.hpp). On the one datastore, the checks run in the
# threshold files' order (DEPENDS) and share a laid-out test file across their processes: the
# first that needs it lays it out and keeps it for the ctest run, <name>.layouts_cleanup (a
# FIXTURES_CLEANUP test) removes it after the last (src/runner/layout_pool.hpp).
# <name>.reports_clear and <name>.reports frame the run's reports. Checks are listed by the built executable
# itself after each build, so editing a threshold file needs no re-configure; a threshold file
# that does not lint fails the build with its file:line:column message.
set(_IOGATE_ADD_SUITE_DIR ${CMAKE_CURRENT_LIST_DIR})

function(iogate_add_suite name)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "DATASTORE;REPORT_DIR;BASELINE"
                        "THRESHOLDS;SOURCES;LABELS")
  if(NOT ARG_THRESHOLDS AND NOT ARG_SOURCES)
    message(FATAL_ERROR "iogate_add_suite(${name}): give THRESHOLDS files, SOURCES, or both")
  endif()
  if(NOT name MATCHES "^[A-Za-z0-9_]+$")
    message(FATAL_ERROR "iogate_add_suite(${name}): the name becomes a GoogleTest suite name; "
                        "use letters, digits and '_'")
  endif()
  # Only the build tree's own default is created when missing; a named DATASTORE must exist.
  set(IOGATE_SUITE_CREATE_DATASTORE false)
  if(NOT ARG_DATASTORE)
    set(IOGATE_SUITE_CREATE_DATASTORE true)
    set(ARG_DATASTORE "${IOGATE_DEFAULT_DATASTORE}")
  endif()
  if(NOT ARG_DATASTORE)  # a downstream project that set no default of its own
    set(ARG_DATASTORE "${CMAKE_BINARY_DIR}/datastore")
  endif()
  if(NOT ARG_REPORT_DIR)
    set(ARG_REPORT_DIR "${IOGATE_REPORT_DIR}")
  endif()
  if(NOT ARG_REPORT_DIR)
    set(ARG_REPORT_DIR "${CMAKE_BINARY_DIR}/reports")
  endif()
  set(files "")
  foreach(f IN LISTS ARG_THRESHOLDS)
    cmake_path(ABSOLUTE_PATH f BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
    list(APPEND files "${f}")
  endforeach()

  # The suite's compiled-in defaults.
  set(config_source "${CMAKE_CURRENT_BINARY_DIR}/${name}_suite_config.cpp")
  string(REPLACE ";" "\\;" IOGATE_SUITE_THRESHOLDS "${files}")
  set(IOGATE_SUITE_NAME "${name}")
  set(IOGATE_SUITE_DATASTORE "${ARG_DATASTORE}")
  set(IOGATE_SUITE_REPORT_DIR "${ARG_REPORT_DIR}")
  set(IOGATE_SUITE_BASELINE "")
  if(ARG_BASELINE)
    cmake_path(ABSOLUTE_PATH ARG_BASELINE BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE
               OUTPUT_VARIABLE IOGATE_SUITE_BASELINE)
  endif()
  configure_file("${_IOGATE_ADD_SUITE_DIR}/suite_config.cpp.in" "${config_source}" @ONLY)

  add_executable(${name} "${config_source}" ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE iogate::suite_main)
  iogate_set_warnings(${name})

  # After each build (or threshold edit) the executable lists its checks for ctest (named as a
  # target, so a cross build runs it through its emulator: wine).
  set(check_list "${CMAKE_CURRENT_BINARY_DIR}/${name}_checks.txt")
  add_custom_command(
    OUTPUT "${check_list}"
    COMMAND ${name} --list-checks "${check_list}"
    DEPENDS ${name} ${files}
    COMMENT "Listing the checks of suite ${name}"
    VERBATIM)
  add_custom_target(${name}_checks ALL DEPENDS "${check_list}")

  set(labels ${name} ${ARG_LABELS})
  # A cross build's tests start through its emulator (wine). A test file is kept for a ctest run's
  # later checks only where the scratch area can keep one for another process: not on Windows
  # (suites/ctest_parent_windows.cpp), whose checks each lay out their own.
  set(run "")  # the words before the executable on each test's command line
  foreach(word IN LISTS CMAKE_CROSSCOMPILING_EMULATOR)
    string(APPEND run "[==[${word}]==] ")
  endforeach()
  set(keeps_layouts TRUE)
  if(WIN32)
    set(keeps_layouts FALSE)
  endif()
  set(ctest_script "${CMAKE_CURRENT_BINARY_DIR}/${name}_ctest.cmake")
  file(GENERATE OUTPUT "${ctest_script}" CONTENT "\
set(_exe [==[$<TARGET_FILE:${name}>]==])
set(_list [==[${check_list}]==])
set(_keeps_layouts ${keeps_layouts})
if(NOT EXISTS \"\${_list}\")
  add_test([==[${name}.NOT_BUILT]==] ${run}\"\${_exe}\" --list-checks \"\${_list}\")
  set_tests_properties([==[${name}.NOT_BUILT]==] PROPERTIES LABELS [==[${labels}]==]
    WILL_FAIL TRUE)
else()
  file(STRINGS \"\${_list}\" _checks)
  # Read when ctest starts: with IOGATE_RESOURCE_SPEC_FILE the datastores come from ctest's
  # resource allocation, one check on each at a time; the one lock would run them one by one.
  # On the one datastore, the checks run in the threshold files' order (DEPENDS), and a test file
  # several of them share is laid out by the first, kept for the later ones and removed by
  # <suite>.layouts_cleanup after the last (src/runner/layout_pool.hpp). Spread over
  # several datastores, each check lays out its own.
  set(_fixtures [==[iogate-reports:${name}]==])
  set(_share \"\")
  if(\"\$ENV{IOGATE_RESOURCE_SPEC_FILE}\" STREQUAL \"\")
    set(_lock RESOURCE_LOCK [==[iogate-datastore:${ARG_DATASTORE}]==])
  else()
    set(_lock \"\")
  endif()
  if(_lock AND _keeps_layouts)
    set(_share --share-layouts-with-parent)
    list(APPEND _fixtures [==[iogate-layouts:${name}]==])
    add_test([==[${name}.layouts_cleanup]==] ${run}\"\${_exe}\" --remove-kept-layouts)
    set_tests_properties([==[${name}.layouts_cleanup]==] PROPERTIES LABELS [==[${labels}]==]
      FIXTURES_CLEANUP [==[iogate-layouts:${name}]==] \${_lock} TIMEOUT 300)
  endif()
  set(_previous \"\")
  foreach(_line IN LISTS _checks)
    string(REPLACE \" \" \";\" _fields \"\${_line}\")
    list(GET _fields 0 _check)
    list(GET _fields 1 _timeout)
    list(GET _fields 2 _profile)
    if(_profile STREQUAL \"-\")
      set(_profile \"\")
    endif()
    list(GET _fields 3 _filter)
    add_test(\"${name}.\${_check}\" ${run}\"\${_exe}\" \"--gtest_filter=\${_filter}\" \${_share})
    set_tests_properties(\"${name}.\${_check}\" PROPERTIES
      LABELS \"${labels};\${_profile}\"
      RESOURCE_GROUPS datastores:1
      \${_lock}
      TIMEOUT \${_timeout}
      SKIP_REGULAR_EXPRESSION \"\\\\[  SKIPPED \\\\]\"
      FIXTURES_REQUIRED \"\${_fixtures}\")
    if(_lock AND _previous)
      set_tests_properties(\"${name}.\${_check}\" PROPERTIES DEPENDS \"\${_previous}\")
    endif()
    set(_previous \"${name}.\${_check}\")
  endforeach()
  # The run's reports: clear this suite's per-check results before its first check, merge them
  # into junit.xml, results.json, gbench.json, summary.md and report.html after its last.
  add_test([==[${name}.reports_clear]==] ${run}\"\${_exe}\" --report-step clear)
  add_test([==[${name}.reports]==] ${run}\"\${_exe}\" --report-step merge)
  set_tests_properties([==[${name}.reports_clear]==] PROPERTIES LABELS [==[${labels}]==]
    FIXTURES_SETUP [==[iogate-reports:${name}]==] TIMEOUT 60)
  set_tests_properties([==[${name}.reports]==] PROPERTIES LABELS [==[${labels}]==]
    FIXTURES_CLEANUP [==[iogate-reports:${name}]==] TIMEOUT 300)
endif()
")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${ctest_script}")
endfunction()
