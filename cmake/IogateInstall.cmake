# What `cmake --install` puts where, in two components:
#   cli  bin/iogate, the shipped threshold files and their JSON Schema, the fleet playbook and CI
#        pipeline examples, the ctest resource spec writer (datastores-spec.sh), the man pages, the
#        bash and zsh completion, the README and the manual (docs/): what a host that runs checks,
#        or the controller that judges a fleet, needs (the iogate .deb)
#   dev  headers, static libraries and the CMake package a project's own suite builds against
#        (see IogatePackage.cmake; the iogate-dev .deb)
# Each component also gets its Debian documents: share/doc/<package>/copyright (machine-readable,
# cmake/debian/copyright) and changelog.gz (from CHANGELOG.md, signed by the maintainer).

# The maintainer named in the packages and their changelog: as dch does, DEBFULLNAME and DEBEMAIL
# from the environment when set, else whoever builds (git config), else whoever made the source
# tree's last commit; -DIOGATE_PACKAGE_CONTACT wins over all of them.
function(iogate_git out)  # iogate_git(<out var> <git arguments>...): the answer, or empty
  set(answer "")
  if(GIT_EXECUTABLE)
    execute_process(COMMAND "${GIT_EXECUTABLE}" ${ARGN} WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
                    OUTPUT_VARIABLE answer OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  endif()
  set(${out} "${answer}" PARENT_SCOPE)
endfunction()
find_package(Git QUIET)
set(_iogate_contact "")
if(NOT "$ENV{DEBEMAIL}" STREQUAL "")
  set(_iogate_name "$ENV{DEBFULLNAME}")
  if(_iogate_name STREQUAL "")
    set(_iogate_name "iogate maintainers")
  endif()
  set(_iogate_contact "${_iogate_name} <$ENV{DEBEMAIL}>")
endif()
foreach(source IN ITEMS config log)
  if(source STREQUAL "config")
    iogate_git(_iogate_name config user.name)
    iogate_git(_iogate_mail config user.email)
  else()
    iogate_git(_iogate_name log -1 --format=%an)
    iogate_git(_iogate_mail log -1 --format=%ae)
  endif()
  if(_iogate_contact STREQUAL "" AND NOT _iogate_name STREQUAL ""
     AND _iogate_mail MATCHES "^[^@ ]+@[^@ ]+\\.[^@ ]+$")
    set(_iogate_contact "${_iogate_name} <${_iogate_mail}>")
  endif()
endforeach()
if(_iogate_contact STREQUAL "")
  set(_iogate_contact "iogate maintainers <iogate@localhost>")
  # Only packaging needs one: a note, not a warning, for a build that only runs checks.
  message(STATUS "No maintainer for the packages (DEBEMAIL, git): ${_iogate_contact}, which "
                 "lintian refuses; for cpack set -DIOGATE_PACKAGE_CONTACT=\"Name <address>\"")
endif()
set(IOGATE_PACKAGE_CONTACT "${_iogate_contact}" CACHE STRING
    "Maintainer field of the Debian packages and signature of their changelog")

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
# The manual the README links to, beside it, so its links hold in /usr/share/doc/iogate too.
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION "${CMAKE_INSTALL_DOCDIR}/docs"
        COMPONENT cli FILES_MATCHING PATTERN "*.md")

set(_iogate_debian_docs "${PROJECT_BINARY_DIR}/debian-docs")
add_custom_command(
  OUTPUT "${_iogate_debian_docs}/changelog.gz"
  COMMAND "${CMAKE_COMMAND}" "-DCHANGES=${PROJECT_SOURCE_DIR}/CHANGELOG.md" -DPACKAGE=iogate
          "-DMAINTAINER=${IOGATE_PACKAGE_CONTACT}" "-DOUT=${_iogate_debian_docs}/changelog"
          -P "${PROJECT_SOURCE_DIR}/cmake/IogateDebianDocs.cmake"
  DEPENDS "${PROJECT_SOURCE_DIR}/CHANGELOG.md" "${PROJECT_SOURCE_DIR}/cmake/IogateDebianDocs.cmake"
  COMMENT "Writing the packages' changelog from CHANGELOG.md"
  VERBATIM)
add_custom_target(iogate_debian_docs ALL DEPENDS "${_iogate_debian_docs}/changelog.gz")
foreach(component IN ITEMS cli dev)
  set(package iogate)
  if(component STREQUAL "dev")
    set(package iogate-dev)
  endif()
  install(FILES "${PROJECT_SOURCE_DIR}/cmake/debian/copyright" "${_iogate_debian_docs}/changelog.gz"
          DESTINATION "${CMAKE_INSTALL_DATAROOTDIR}/doc/${package}" COMPONENT ${component})
endforeach()

# Shell completion from the built program's own option model (iogate completion).
set(_iogate_completion "${PROJECT_BINARY_DIR}/completion")
add_custom_command(
  OUTPUT "${_iogate_completion}/iogate" "${_iogate_completion}/_iogate"
  COMMAND "${CMAKE_COMMAND}" -E make_directory "${_iogate_completion}"
  COMMAND iogate completion bash -o "${_iogate_completion}/iogate"
  COMMAND iogate completion zsh -o "${_iogate_completion}/_iogate"
  DEPENDS iogate
  COMMENT "Writing the bash and zsh completion from iogate's options"
  VERBATIM)
add_custom_target(iogate_completion ALL
                  DEPENDS "${_iogate_completion}/iogate" "${_iogate_completion}/_iogate")
install(FILES "${_iogate_completion}/iogate"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/bash-completion/completions" COMPONENT cli)
install(FILES "${_iogate_completion}/_iogate"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions" COMPONENT cli)

# The threshold files' JSON Schema, for editors, from the built program's own key tables (iogate
# schema).
set(_iogate_schema "${PROJECT_BINARY_DIR}/threshold.schema.json")
add_custom_command(
  OUTPUT "${_iogate_schema}"
  COMMAND iogate schema -o "${_iogate_schema}"
  DEPENDS iogate
  COMMENT "Writing the threshold files' JSON Schema from iogate's key tables"
  VERBATIM)
add_custom_target(iogate_schema ALL DEPENDS "${_iogate_schema}")
install(FILES "${_iogate_schema}" DESTINATION "${CMAKE_INSTALL_DATADIR}/iogate" COMPONENT cli)

# Man pages from the built program's --help at build time (cmake/IogateManPages.cmake), and the
# threshold file format's page, iogate-thresholds(5), written by hand in docs/.
option(IOGATE_BUILD_MAN "Generate the man pages from iogate --help with help2man" ON)
if(IOGATE_BUILD_MAN)
  find_program(IOGATE_HELP2MAN help2man)
  if(NOT IOGATE_HELP2MAN)
    message(FATAL_ERROR "help2man not found: it writes the man pages (scripts/install-deps.sh "
                        "installs it), or configure with -DIOGATE_BUILD_MAN=OFF")
  endif()
  set(man_dir "${PROJECT_BINARY_DIR}/man")
  set(man5_dir "${PROJECT_BINARY_DIR}/man5")
  set(thresholds_page "${PROJECT_SOURCE_DIR}/docs/iogate-thresholds.5")
  add_custom_command(
    OUTPUT "${man_dir}/iogate.1.gz" "${man5_dir}/iogate-thresholds.5.gz"
    COMMAND "${CMAKE_COMMAND}" -DIOGATE=$<TARGET_FILE:iogate> -DVERSION=${PROJECT_VERSION}
            -DOUT=${man_dir} -DFORMAT_PAGES=${thresholds_page} -DFORMAT_OUT=${man5_dir}
            -P "${PROJECT_SOURCE_DIR}/cmake/IogateManPages.cmake"
    DEPENDS iogate "${PROJECT_SOURCE_DIR}/cmake/IogateManPages.cmake" "${thresholds_page}"
    COMMENT "Writing the man pages from iogate --help"
    VERBATIM)
  add_custom_target(iogate_man ALL
                    DEPENDS "${man_dir}/iogate.1.gz" "${man5_dir}/iogate-thresholds.5.gz")
  install(DIRECTORY "${man_dir}/" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1" COMPONENT cli
          FILES_MATCHING PATTERN "*.1.gz")
  install(FILES "${man5_dir}/iogate-thresholds.5.gz" DESTINATION "${CMAKE_INSTALL_MANDIR}/man5"
          COMPONENT cli)
endif()
