# Packages: `cpack --config <build>/CPackConfig.cmake` (or `cmake --workflow --preset package`)
# writes into <build>/packages:
#   iogate_<version>_amd64.deb      the cli component; its dependencies computed from the binary
#                                   (dpkg-shlibdeps), plus libjs-chart.js, which the HTML report
#                                   reads at run time (reports/chart_js.cpp)
#   iogate-dev_<version>_amd64.deb  the dev component, depending on the -dev packages it builds with
#   iogate-<version>-Linux.tar.gz   everything, relative to one top directory
set(CPACK_PACKAGE_NAME iogate)
set(CPACK_PACKAGE_VENDOR iogate)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_CONTACT "${IOGATE_PACKAGE_CONTACT}")  # IogateInstall.cmake
set(IOGATE_HOMEPAGE "" CACHE STRING "Homepage field of the Debian packages (omitted when empty)")
if(IOGATE_HOMEPAGE)
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${IOGATE_HOMEPAGE}")
endif()
set(CPACK_GENERATOR DEB TGZ)
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/packages")
set(CPACK_STRIP_FILES ON)
set(CPACK_COMPONENTS_ALL cli dev)

set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_CLI_PACKAGE_NAME iogate)
set(CPACK_DEBIAN_CLI_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_CLI_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_CLI_PACKAGE_DEPENDS "libjs-chart.js")
# The long descriptions, wrapped at 72 columns as Debian policy 3.4.1 asks; the summary line before
# them is CPACK_PACKAGE_DESCRIPTION_SUMMARY.
set(CPACK_COMPONENT_CLI_DESCRIPTION "\
iogate runs the checks of a threshold file (for example an 8 KiB
sequential write of 8 GiB under 3 minutes) with its own I/O engine
(io_uring, libaio, psync) in a scratch area of a datastore, and reports
them as JUnit, JSON, Markdown and HTML.
.
This package holds the iogate command, the shipped threshold files, the
fleet playbook and the man pages.")
set(CPACK_DEBIAN_DEV_PACKAGE_NAME iogate-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
# What iogateConfig.cmake finds (find_dependency) and what a suite needs to build and run:
# a generator, the compiler, and Chart.js for the report.html a suite writes.
set(_iogate_dev_depends cmake "make | ninja-build" g++ libgtest-dev libgmock-dev libfmt-dev
    libboost-filesystem-dev libtomlplusplus-dev nlohmann-json3-dev libcli11-dev libjs-chart.js)
if(LibUring_FOUND)
  list(APPEND _iogate_dev_depends liburing-dev)
endif()
if(LibAio_FOUND)
  list(APPEND _iogate_dev_depends libaio-dev)
endif()
list(JOIN _iogate_dev_depends ", " CPACK_DEBIAN_DEV_PACKAGE_DEPENDS)
set(CPACK_COMPONENT_DEV_DESCRIPTION "\
The CMake package for a project's own storage checks:
find_package(iogate) and iogate_add_suite(<name> THRESHOLDS <file>) turn
each check of a threshold file into a GoogleTest and ctest test.
.
This package holds the headers, the static libraries and the suite
runtime.")
include(CPack)
