# Makes the build tree a CMake package: a user's project (or iogate's own downstream test) can
#   find_package(iogate CONFIG REQUIRED PATHS <iogate build dir>)
#   iogate_add_suite(my_gate THRESHOLDS gate.toml LABELS nightly)
set(_iogate_exported common engine thresholds datastore verdicts baseline runner reports fixtures suite_main)
set(_iogate_targets "")
foreach(part IN LISTS _iogate_exported)
  set_target_properties(iogate_${part} PROPERTIES EXPORT_NAME ${part})
  list(APPEND _iogate_targets iogate_${part})
endforeach()
export(TARGETS ${_iogate_targets} NAMESPACE iogate::
       FILE "${PROJECT_BINARY_DIR}/iogateTargets.cmake")

set(IOGATE_CMAKE_MODULE_DIR "${PROJECT_SOURCE_DIR}/cmake")
configure_file("${PROJECT_SOURCE_DIR}/cmake/iogateConfig.cmake.in"
               "${PROJECT_BINARY_DIR}/iogateConfig.cmake" @ONLY)
include(CMakePackageConfigHelpers)
write_basic_package_version_file("${PROJECT_BINARY_DIR}/iogateConfigVersion.cmake"
                                 COMPATIBILITY SameMinorVersion)
