# What `cmake --install` puts where, in two components:
#   cli  bin/iogate, the shipped threshold files, the fleet playbook and CI pipeline examples, the
#        ctest resource spec writer (datastores-spec.sh), the man pages, the README: what a host that runs checks, or the controller that judges a
#        fleet, needs (the iogate .deb)
#   dev  headers, static libraries and the CMake package a project's own suite builds against
#        (see IogatePackage.cmake; the iogate-dev .deb)
install(TARGETS iogate RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT cli)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/thresholds/"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/iogate/thresholds" COMPONENT cli
        FILES_MATCHING PATTERN "*.toml")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/fleet/" DESTINATION "${CMAKE_INSTALL_DATADIR}/iogate/fleet"
        COMPONENT cli)
install(PROGRAMS "${PROJECT_SOURCE_DIR}/scripts/datastores-spec.sh"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/iogate/scripts" COMPONENT cli)
install(FILES "${PROJECT_SOURCE_DIR}/README.md" DESTINATION "${CMAKE_INSTALL_DOCDIR}"
        COMPONENT cli)

# Man pages from the built program's --help at build time (cmake/IogateManPages.cmake).
option(IOGATE_BUILD_MAN "Generate the man pages from iogate --help with help2man" ON)
if(IOGATE_BUILD_MAN)
  find_program(IOGATE_HELP2MAN help2man)
  if(NOT IOGATE_HELP2MAN)
    message(FATAL_ERROR "help2man not found: it writes the man pages (scripts/install-deps.sh "
                        "installs it), or configure with -DIOGATE_BUILD_MAN=OFF")
  endif()
  set(man_dir "${PROJECT_BINARY_DIR}/man")
  add_custom_command(
    OUTPUT "${man_dir}/iogate.1.gz"
    COMMAND "${CMAKE_COMMAND}" -DIOGATE=$<TARGET_FILE:iogate> -DVERSION=${PROJECT_VERSION}
            -DOUT=${man_dir} -P "${PROJECT_SOURCE_DIR}/cmake/IogateManPages.cmake"
    DEPENDS iogate "${PROJECT_SOURCE_DIR}/cmake/IogateManPages.cmake"
    COMMENT "Writing the man pages from iogate --help"
    VERBATIM)
  add_custom_target(iogate_man ALL DEPENDS "${man_dir}/iogate.1.gz")
  install(DIRECTORY "${man_dir}/" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1" COMPONENT cli
          FILES_MATCHING PATTERN "*.1.gz")
endif()
