# Every dependency is a Debian package found here; nothing is vendored or downloaded.
# scripts/install-deps.sh installs them. The Windows build and the static build find their own
# (the same packages, for the target, or as static archives and headers).
if(WIN32)
  include(IogateWindowsDependencies)
  return()
endif()
if(IOGATE_STATIC)
  include(IogateStaticDependencies)
  return()
endif()
find_package(fmt 9 REQUIRED)
find_package(Boost 1.74 REQUIRED COMPONENTS filesystem)
find_package(tomlplusplus 3 REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(CLI11 2 REQUIRED)
find_package(Threads REQUIRED)
# Optional I/O engines: found -> built in (IOGATE_HAVE_LIBURING / IOGATE_HAVE_LIBAIO on the engine);
# whether the running kernel allows them is probed at run time. OFF builds without one.
option(IOGATE_WITH_LIBURING "Build the io_uring engine when liburing is found" ON)
option(IOGATE_WITH_LIBAIO "Build the libaio engine when libaio is found" ON)
if(IOGATE_WITH_LIBURING)
  find_package(LibUring 2)
endif()
if(IOGATE_WITH_LIBAIO)
  find_package(LibAio)
endif()
# The suite runtime is GoogleTest; it is always built, since the package exports it.
find_package(GTest 1.12 REQUIRED)
if(IOGATE_BUILD_BENCH)
  find_package(benchmark 1.7 REQUIRED)
endif()
