# The iogate CMake package, twice from one config file:
#   build tree  find_package(iogate CONFIG REQUIRED PATHS <iogate build dir>)  (iogate's own tests)
#   installed   <prefix>/<libdir>/cmake/iogate (libdir lib/<multiarch tuple> on Debian), found through CMAKE_PREFIX_PATH or from /usr
# Either way the config loads its modules (iogate_add_suite(), its source template, the warning
# set, the find modules of the optional I/O libraries) from beside itself, so neither names the
# source tree; the installed one names no absolute path at all and moves with its prefix.
#
# Exported: the suite runtime and the libraries it links, transitively (a static library's
# private dependencies are linked by its users too), read from the targets' link libraries, so
# the set follows the link graph; the rest of the library (fleet, propose, the cli's own) is not.
set(_iogate_targets "")
set(_iogate_todo iogate_suite_main)
while(_iogate_todo)
  list(POP_FRONT _iogate_todo _iogate_target)
  get_target_property(_iogate_aliased ${_iogate_target} ALIASED_TARGET)
  if(_iogate_aliased)
    set(_iogate_target ${_iogate_aliased})
  endif()
  if(_iogate_target IN_LIST _iogate_targets)
    continue()
  endif()
  list(APPEND _iogate_targets ${_iogate_target})
  string(REGEX REPLACE "^iogate_" "" _iogate_part ${_iogate_target})
  set_target_properties(${_iogate_target} PROPERTIES EXPORT_NAME ${_iogate_part})
  get_target_property(_iogate_links ${_iogate_target} LINK_LIBRARIES)
  get_target_property(_iogate_interface ${_iogate_target} INTERFACE_LINK_LIBRARIES)
  string(REGEX MATCHALL "iogate::[A-Za-z0-9_]+" _iogate_deps "${_iogate_links};${_iogate_interface}")
  list(APPEND _iogate_todo ${_iogate_deps})
endwhile()
list(SORT _iogate_targets)
message(STATUS "iogate package: exports ${_iogate_targets}")
set(_iogate_modules IogateAddSuite.cmake suite_config.cpp.in IogateWarnings.cmake
                    FindLibUring.cmake FindLibAio.cmake)
set(IOGATE_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/iogate" CACHE STRING
    "Where the installed CMake package goes, relative to the prefix")
include(CMakePackageConfigHelpers)
write_basic_package_version_file("${PROJECT_BINARY_DIR}/iogateConfigVersion.cmake"
                                 COMPATIBILITY SameMinorVersion)

# Build tree: the modules are copied next to the config, so a moved source tree does not matter.
export(TARGETS ${_iogate_targets} NAMESPACE iogate::
       FILE "${PROJECT_BINARY_DIR}/iogateTargets.cmake")
set(IOGATE_PACKAGE_MODULE_DIR "iogate-cmake")
configure_file("${PROJECT_SOURCE_DIR}/cmake/iogateConfig.cmake.in"
               "${PROJECT_BINARY_DIR}/iogateConfig.cmake" @ONLY)
foreach(module IN LISTS _iogate_modules)
  configure_file("${PROJECT_SOURCE_DIR}/cmake/${module}"
                 "${PROJECT_BINARY_DIR}/iogate-cmake/${module}" COPYONLY)
endforeach()

# Installed: the `dev` component (a host that only runs checks takes `cli` alone).
install(TARGETS ${_iogate_targets} EXPORT iogateTargets
        ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT dev)
# A stripped install (cmake --install --strip, cpack's CPACK_STRIP_FILES) strips executables
# only; the static libraries' debug info would be nine tenths of the dev component, and their
# compiler version notes (.comment) are what Debian's dh_strip removes too.
set(_iogate_archives "")
foreach(target IN LISTS _iogate_targets)
  list(APPEND _iogate_archives "${CMAKE_INSTALL_LIBDIR}/$<TARGET_FILE_NAME:${target}>")
endforeach()
install(CODE "
  if(CMAKE_INSTALL_DO_STRIP)
    foreach(archive IN ITEMS ${_iogate_archives})
      execute_process(COMMAND \"${CMAKE_STRIP}\" --strip-debug --remove-section=.comment
                              \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/\${archive}\"
                      COMMAND_ERROR_IS_FATAL ANY)
    endforeach()
  endif()" COMPONENT dev)
install(EXPORT iogateTargets NAMESPACE iogate:: DESTINATION "${IOGATE_INSTALL_CMAKEDIR}"
        COMPONENT dev)
set(IOGATE_PACKAGE_MODULE_DIR ".")
configure_file("${PROJECT_SOURCE_DIR}/cmake/iogateConfig.cmake.in"
               "${PROJECT_BINARY_DIR}/install-package/iogateConfig.cmake" @ONLY)
list(TRANSFORM _iogate_modules PREPEND "${PROJECT_SOURCE_DIR}/cmake/" OUTPUT_VARIABLE _iogate_module_files)
install(FILES "${PROJECT_BINARY_DIR}/install-package/iogateConfig.cmake"
              "${PROJECT_BINARY_DIR}/iogateConfigVersion.cmake" ${_iogate_module_files}
        DESTINATION "${IOGATE_INSTALL_CMAKEDIR}" COMPONENT dev)
# The public headers (IogatePublicHeaders.cmake): what a suite written by hand includes and what
# those include, which is all of include/iogate/ (the private headers sit beside their sources).
include(IogatePublicHeaders)
foreach(header IN LISTS IOGATE_PUBLIC_HEADERS)
  cmake_path(GET header PARENT_PATH header_dir)
  install(FILES "${PROJECT_SOURCE_DIR}/include/${header}"
          DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/${header_dir}" COMPONENT dev)
endforeach()
# The header the source iogate_add_suite() generates includes (see suites/CMakeLists.txt).
install(FILES "${PROJECT_SOURCE_DIR}/suites/suite_config.hpp"
        DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/iogate/suites" COMPONENT dev)
