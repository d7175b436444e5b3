# The static build's packages (IOGATE_STATIC, instead of IogateCPack.cmake): `cpack --config
# build-static/CPackConfig.cmake` writes into build-static/packages
#   iogate-<version>-esxi-x86_64.tar.gz  one top folder holding bin/iogate, share/...: for ESXi
#                                        5.5 to 7.0 (which refuse the VIB's sha-256 of the
#                                        gunzipped payload and let a datastore's files run), or a
#                                        Linux box
#   iogate-<version>.vib                 the same files under /opt/iogate as a community-supported
#                                        VIB (docs/esxi.md) for ESXi 8.0 and later, which run only
#                                        what a VIB installed (execInstalledOnly)
#   iogate-<version>-esxi-x86_64.json    the External generator's description of the package,
#                                        which it always writes beside the VIB
# Both hold the cli component less what the ESXi shell has no use for (cmake/esxi/
# keep_esxi_files.cmake): bin/iogate, the threshold files, the README, the manual and the licence.
# The VIB is built by cmake/esxi/make_vib.cmake from the tree CPack stages for it;
# tests/package/vib_layout_test.py checks it against the VIB format.

# The full licence text, which the Debian packages leave to /usr/share/common-licenses.
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" DESTINATION "${CMAKE_INSTALL_DOCDIR}" COMPONENT cli)

# ESXi skips a VIB whose version is installed: raise the release to ship the same iogate again.
set(IOGATE_VIB_RELEASE 1 CACHE STRING
    "Release of the VIB: its version is <project version>-<release>")

set(CPACK_PACKAGE_NAME iogate)
set(CPACK_PACKAGE_VENDOR iogate)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_SYSTEM_NAME esxi-x86_64)
set(CPACK_GENERATOR TGZ External)
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/packages")
set(CPACK_STRIP_FILES ON)
# Only the cli component, as one package (no -cli suffix, no per-component folders).
set(CPACK_INSTALL_CMAKE_PROJECTS "${PROJECT_BINARY_DIR};${PROJECT_NAME};cli;/")
set(CPACK_PRE_BUILD_SCRIPTS "${PROJECT_SOURCE_DIR}/cmake/esxi/keep_esxi_files.cmake")
# Where each generator stages: the tarball relative to its top folder, the VIB under /opt/iogate.
set(CPACK_PROJECT_CONFIG_FILE "${PROJECT_SOURCE_DIR}/cmake/esxi/cpack_per_generator.cmake")
# Where a community-supported VIB is meant to put its programs.
set(CPACK_IOGATE_ESXI_PREFIX /opt/iogate)
if(NOT CMAKE_INSTALL_PREFIX STREQUAL CPACK_IOGATE_ESXI_PREFIX)
  message(WARNING "IOGATE_STATIC installs under ${CMAKE_INSTALL_PREFIX}, but the VIB puts its "
                  "files under ${CPACK_IOGATE_ESXI_PREFIX}: configure with "
                  "-DCMAKE_INSTALL_PREFIX=${CPACK_IOGATE_ESXI_PREFIX} (the static preset does)")
endif()

set(CPACK_EXTERNAL_ENABLE_STAGING ON)
set(CPACK_EXTERNAL_PACKAGE_SCRIPT "${PROJECT_SOURCE_DIR}/cmake/esxi/make_vib.cmake")
# What make_vib.cmake reads besides CPack's own variables (CPack passes every CPACK_ variable on).
set(CPACK_IOGATE_VIB_NAME iogate)
set(CPACK_IOGATE_VIB_VERSION "${PROJECT_VERSION}-${IOGATE_VIB_RELEASE}")
set(CPACK_IOGATE_VIB_FILE "iogate-${PROJECT_VERSION}.vib")
set(CPACK_IOGATE_VIB_DESCRIPTION "\
iogate runs the checks of a threshold file (for example an 8 KiB sequential write of 8 GiB under \
3 minutes) in a scratch area of a datastore and reports them as JUnit, JSON, Markdown and HTML. \
This VIB holds the static iogate command for the ESXi shell, under /opt/iogate. It is for ESXi \
8.0 and later; ESXi 7.0 and earlier refuse its payload's digest and take the \
iogate-${PROJECT_VERSION}-esxi-x86_64.tar.gz tarball instead.")
set(CPACK_IOGATE_SOURCE_DIR "${PROJECT_SOURCE_DIR}")  # the release date: its last commit's
include(CPack)
