# FindLibAio: libaio (Linux native asynchronous I/O) as the imported target LibAio::LibAio.
#
# Sets LibAio_FOUND, LibAio_INCLUDE_DIR and LibAio_LIBRARY. libaio ships no pkg-config file or
# version macro, so no version is reported. Whether io_setup works (aio-max-nr, seccomp) is
# probed at run time.
find_path(LibAio_INCLUDE_DIR NAMES libaio.h)
find_library(LibAio_LIBRARY NAMES aio)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibAio REQUIRED_VARS LibAio_LIBRARY LibAio_INCLUDE_DIR)

if(LibAio_FOUND AND NOT TARGET LibAio::LibAio)
  add_library(LibAio::LibAio UNKNOWN IMPORTED)
  set_target_properties(LibAio::LibAio PROPERTIES
    IMPORTED_LOCATION "${LibAio_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${LibAio_INCLUDE_DIR}")
endif()
mark_as_advanced(LibAio_INCLUDE_DIR LibAio_LIBRARY)
