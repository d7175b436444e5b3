# The hardening Debian builds its own packages with (dpkg-buildflags, hardening=+all but PIE,
# which g++ already makes by default): checked buffer functions, a stack protector, format
# strings checked, and a read-only relocation table resolved at start. Every optimised build gets
# it, so what the tests run is what the package ships; Debug and sanitizer builds do not, since
# _FORTIFY_SOURCE needs optimisation and the sanitizers do their own checking. The Windows build
# takes mingw's defaults (ASLR and DEP marked by the linker): relro is an ELF section, and mingw's
# fortified functions need its libssp.
if(NOT WIN32 AND NOT IOGATE_SANITIZE AND NOT CMAKE_BUILD_TYPE STREQUAL "Debug"
   AND CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  add_compile_options(-U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2 -fstack-protector-strong
                      -fstack-clash-protection -Wformat -Werror=format-security)
  add_link_options(-Wl,-z,relro -Wl,-z,now)
endif()
