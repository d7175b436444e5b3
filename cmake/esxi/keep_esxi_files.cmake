# A CPACK_PRE_BUILD_SCRIPTS script of the static build (IogateEsxiPackage.cmake): after CPack has
# staged the cli component and before it packs it, keep only what the ESXi shell can use, for the
# tarball and the VIB alike. Kept, relative to the prefix:
#   bin/iogate               the static command
#   share/iogate/thresholds  the shipped threshold files (the suites' TOML)
#   share/doc/iogate         README.md, the manual (docs/*.md), copyright, LICENSE, changelog.gz
# Left out: the man pages and the bash and zsh completion (ESXi has no man, and its shell is
# BusyBox ash), the fleet playbook and CI examples and datastores-spec.sh (they run on a
# controller or a CI runner, not on the host), and the threshold files' JSON Schema (for editors).
# An allowlist, so whatever the cli component gains later stays out of the VIB until named here.
set(keep bin/iogate share/iogate/thresholds share/doc/iogate)

set(prefix "${CPACK_PACKAGING_INSTALL_PREFIX}")
if(prefix STREQUAL "/")
  set(prefix "")
endif()
set(staged "${CPACK_TEMPORARY_DIRECTORY}${prefix}")
if(NOT IS_DIRECTORY "${staged}")
  message(FATAL_ERROR "keep_esxi_files: nothing staged at ${staged}")
endif()
foreach(path IN LISTS keep)
  if(NOT EXISTS "${staged}/${path}")
    message(FATAL_ERROR "keep_esxi_files: ${path} is missing from the cli component (${staged})")
  endif()
endforeach()

file(GLOB_RECURSE entries LIST_DIRECTORIES false RELATIVE "${staged}" "${staged}/*")
set(dropped "")
foreach(entry IN LISTS entries)
  set(kept FALSE)
  foreach(path IN LISTS keep)
    if(entry STREQUAL path OR entry MATCHES "^${path}/")
      set(kept TRUE)
    endif()
  endforeach()
  if(NOT kept)
    file(REMOVE "${staged}/${entry}")
    list(APPEND dropped "${entry}")
  endif()
endforeach()
# The folders left empty, deepest first.
file(GLOB_RECURSE folders LIST_DIRECTORIES true RELATIVE "${staged}" "${staged}/*")
list(SORT folders ORDER DESCENDING)
foreach(folder IN LISTS folders)
  file(GLOB contents "${staged}/${folder}/*")
  if(IS_DIRECTORY "${staged}/${folder}" AND NOT contents)
    file(REMOVE_RECURSE "${staged}/${folder}")
  endif()
endforeach()
list(LENGTH dropped count)
message(STATUS "keep_esxi_files: ${CPACK_GENERATOR} package leaves out ${count} files of the cli "
               "component (man pages, completion, fleet, schema)")
