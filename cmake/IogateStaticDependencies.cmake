# The dependencies of the static build (IOGATE_STATIC: one self-contained x86-64 executable for
# the ESXi shell, whose userworld runs statically linked Linux binaries but has no shared
# libraries of ours), from the same Debian packages as the normal build; nothing is vendored or
# downloaded.
#
# Boost.Filesystem and GoogleTest link from Debian's static archives. fmt and toml++ are shared
# libraries only in Debian: fmt is compiled once from its headers (cmake/fmt_compiled.cpp, as for
# the Windows build) and toml++ is used header-only. liburing and libaio are left out: ESXi has
# neither io_uring nor Linux AIO, and the engine that runs there is psync.
set(Boost_USE_STATIC_LIBS ON)
find_package(Boost 1.74 REQUIRED COMPONENTS filesystem)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(CLI11 2 REQUIRED)
find_package(Threads REQUIRED)
find_package(GTest 1.12 REQUIRED)
find_path(IOGATE_FMT_INCLUDE_DIR fmt/format-inl.h REQUIRED)
find_path(IOGATE_TOMLPLUSPLUS_INCLUDE_DIR toml++/toml.h REQUIRED)

add_library(iogate_fmt STATIC "${CMAKE_CURRENT_LIST_DIR}/fmt_compiled.cpp")
target_include_directories(iogate_fmt SYSTEM PUBLIC "${IOGATE_FMT_INCLUDE_DIR}")
add_library(fmt::fmt ALIAS iogate_fmt)
# Without TOML_HEADER_ONLY=0 (which Debian's package target sets for its shared library), toml++
# compiles its implementation into each file that includes it.
add_library(tomlplusplus::tomlplusplus INTERFACE IMPORTED GLOBAL)
target_include_directories(tomlplusplus::tomlplusplus SYSTEM INTERFACE
                           "${IOGATE_TOMLPLUSPLUS_INCLUDE_DIR}")

# -static: no program interpreter, no shared library at run time (ldd: "not a dynamic
# executable"). Not -static-pie: its start-up relocates itself, one more thing a foreign kernel
# might not do as Linux does; a plain static executable is what is known to run there.
add_link_options(-static -no-pie)
set(CMAKE_POSITION_INDEPENDENT_CODE OFF)
