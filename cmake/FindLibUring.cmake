# FindLibUring: liburing (the io_uring userspace library) as the imported target LibUring::LibUring.
#
# Sets LibUring_FOUND, LibUring_VERSION (from pkg-config, when it knows), LibUring_INCLUDE_DIR and
# LibUring_LIBRARY. Finding the library says only that iogate can be built with io_uring; whether
# the running kernel allows it (io_uring_disabled, seccomp, RHEL 8) is probed at run time.
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(PC_LibUring QUIET liburing)
endif()

find_path(LibUring_INCLUDE_DIR NAMES liburing.h HINTS ${PC_LibUring_INCLUDE_DIRS})
find_library(LibUring_LIBRARY NAMES uring HINTS ${PC_LibUring_LIBRARY_DIRS})
set(LibUring_VERSION ${PC_LibUring_VERSION})

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibUring
  REQUIRED_VARS LibUring_LIBRARY LibUring_INCLUDE_DIR
  VERSION_VAR LibUring_VERSION)

if(LibUring_FOUND AND NOT TARGET LibUring::LibUring)
  add_library(LibUring::LibUring UNKNOWN IMPORTED)
  set_target_properties(LibUring::LibUring PROPERTIES
    IMPORTED_LOCATION "${LibUring_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${LibUring_INCLUDE_DIR}")
endif()
mark_as_advanced(LibUring_INCLUDE_DIR LibUring_LIBRARY)
