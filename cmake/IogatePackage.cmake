# The iogate CMake package, twice from one config file:
#   build tree  find_package(iogate CONFIG REQUIRED PATHS <iogate build dir>)  (iogate's own tests)
#   installed   <prefix>/<libdir>/cmake/iogate (libdir lib/<multiarch tuple> on Debian), found through CMAKE_PREFIX_PATH or from /usr
# Either way the config loads its modules (iogate_add_suite(), its source template, the warning
# set, the find modules of the optional I/O libraries) from beside itself, so neither names the
# source tree; the installed one names no absolute path at all and moves with its prefix.
set(_iogate_exported common engine fio_job thresholds datastore verdicts results baseline runner reports fleet fixtures suite_main)
set(_iogate_targets "")
foreach(part IN LISTS _iogate_exported)
  set_target_properties(iogate_${part} PROPERTIES EXPORT_NAME ${part})
  list(APPEND _iogate_targets iogate_${part})
endforeach()
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
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/iogate" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
        COMPONENT dev)
# The header the source iogate_add_suite() generates includes (see suites/CMakeLists.txt).
install(FILES "${PROJECT_SOURCE_DIR}/suites/suite_config.hpp"
        DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/iogate/suites" COMPONENT dev)
