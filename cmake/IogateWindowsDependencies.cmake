# The dependencies of the Windows build (cmake/toolchains/mingw-w64-x86_64.cmake), from the same
# Debian packages as on Linux; nothing is vendored or downloaded.
#
# The header-only libraries (fmt, compiled once here, nlohmann-json, toml++, CLI11) are reached
# through a directory of links to their own folders in /usr/include, never /usr/include itself,
# whose glibc headers would shadow mingw's. GoogleTest is built for the target from Debian's
# googletest source package. Boost.Filesystem has no Windows build in Debian: the Windows side of
# the datastore seam uses std::filesystem's equivalents (space, a random name) instead.
set(_debian_headers "${PROJECT_BINARY_DIR}/debian-headers")
foreach(dir fmt nlohmann toml++ CLI)
  if(NOT EXISTS "/usr/include/${dir}")
    message(FATAL_ERROR "/usr/include/${dir} not found: run scripts/install-deps.sh --windows")
  endif()
  file(MAKE_DIRECTORY "${_debian_headers}")
  file(CREATE_LINK "/usr/include/${dir}" "${_debian_headers}/${dir}" SYMBOLIC)
endforeach()

function(_iogate_header_only_target target)
  add_library(${target} INTERFACE IMPORTED GLOBAL)
  target_include_directories(${target} SYSTEM INTERFACE "${_debian_headers}")
endfunction()
# fmt is compiled once (cmake/fmt_compiled.cpp) rather than in header-only mode in every file.
add_library(iogate_fmt STATIC "${CMAKE_CURRENT_LIST_DIR}/fmt_compiled.cpp")
target_include_directories(iogate_fmt SYSTEM PUBLIC "${_debian_headers}")
add_library(fmt::fmt ALIAS iogate_fmt)
_iogate_header_only_target(nlohmann_json::nlohmann_json)
_iogate_header_only_target(tomlplusplus::tomlplusplus)
_iogate_header_only_target(CLI11::CLI11)

find_package(Threads REQUIRED)

set(_googletest_source /usr/src/googletest)
if(NOT EXISTS "${_googletest_source}/CMakeLists.txt")
  message(FATAL_ERROR "${_googletest_source} not found: run scripts/install-deps.sh --windows "
                      "(Debian's googletest source package)")
endif()
set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
add_subdirectory("${_googletest_source}" "${PROJECT_BINARY_DIR}/googletest" EXCLUDE_FROM_ALL SYSTEM)
