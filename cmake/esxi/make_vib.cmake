# The CPACK_EXTERNAL_PACKAGE_SCRIPT of the static build (IogateEsxiPackage.cmake): makes
# <CPACK_IOGATE_VIB_FILE> from the tree CPack staged under CPACK_TEMPORARY_DIRECTORY
# (opt/iogate/...) and hands it back to CPack in CPACK_EXTERNAL_BUILT_PACKAGES, which copies it to
# the package directory.
#
# A VIB is an ar archive of three members, in this order:
#   descriptor.xml  what the VIB is, the files it installs and its payload's size and checksums
#                   (vib_descriptor.cmake)
#   sig.pkcs7       the signature: empty, as a community-supported VIB is not signed
#   iogate          the payload, a gzipped tar of opt/iogate/... (vib_payload.cmake); ESXi keeps
#                   payloads as 8.3 names on the bootbank, so the name has at most 8 characters
# Two runs on the same tree and commit give the same bytes: ar and tar carry fixed owners and
# times, and the release date is the commit's (or SOURCE_DATE_EPOCH's), not the clock's.
#
# Also runs on its own, as the planted test does (tests/package/vib_layout_planted_test.sh):
#   cmake -DCPACK_TEMPORARY_DIRECTORY=<staged root> -DCPACK_TOPLEVEL_DIRECTORY=<work dir>
#         -DCPACK_IOGATE_VIB_NAME=.. -DCPACK_IOGATE_VIB_VERSION=.. -DCPACK_IOGATE_VIB_FILE=..
#         -DCPACK_PACKAGE_VENDOR=.. -DCPACK_PACKAGE_DESCRIPTION_SUMMARY=..
#         -DCPACK_IOGATE_VIB_DESCRIPTION=.. [-DCPACK_IOGATE_SOURCE_DIR=<git tree>]
#         -P cmake/esxi/make_vib.cmake
include("${CMAKE_CURRENT_LIST_DIR}/ar_archive.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/vib_descriptor.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/vib_payload.cmake")

foreach(variable IN ITEMS CPACK_TEMPORARY_DIRECTORY CPACK_TOPLEVEL_DIRECTORY CPACK_IOGATE_VIB_NAME
                          CPACK_IOGATE_VIB_VERSION CPACK_IOGATE_VIB_FILE CPACK_PACKAGE_VENDOR
                          CPACK_PACKAGE_DESCRIPTION_SUMMARY CPACK_IOGATE_VIB_DESCRIPTION)
  if("${${variable}}" STREQUAL "")
    message(FATAL_ERROR "make_vib: ${variable} is not set")
  endif()
endforeach()

# The release date, fixed by the sources rather than the build's clock.
set(epoch "$ENV{SOURCE_DATE_EPOCH}")
if(epoch STREQUAL "" AND CPACK_IOGATE_SOURCE_DIR)
  find_package(Git QUIET)
  if(GIT_EXECUTABLE)
    execute_process(COMMAND "${GIT_EXECUTABLE}" log -1 --format=%ct
                    WORKING_DIRECTORY "${CPACK_IOGATE_SOURCE_DIR}"
                    OUTPUT_VARIABLE epoch OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  endif()
endif()
if(NOT epoch MATCHES "^[0-9]+$")
  set(epoch 0)
endif()
set(ENV{SOURCE_DATE_EPOCH} "${epoch}")  # string(TIMESTAMP) then reads the date, not the clock
string(TIMESTAMP release_date "%Y-%m-%dT%H:%M:%S" UTC)

# Only opt/iogate/... may be staged: a community-supported VIB may write under /opt, and the
# names go into XML and CMake lists unescaped beyond &<>".
set(staged "${CPACK_TEMPORARY_DIRECTORY}")
file(GLOB top_level RELATIVE "${staged}" "${staged}/*")
if(NOT top_level STREQUAL "opt")
  message(FATAL_ERROR "make_vib: the staged tree ${staged} must hold opt/ alone, not: ${top_level}")
endif()
file(GLOB_RECURSE all LIST_DIRECTORIES true RELATIVE "${staged}" "${staged}/opt/*")
foreach(path IN LISTS all)
  if(IS_SYMLINK "${staged}/${path}")
    message(FATAL_ERROR "make_vib: ${path} is a link; the payload holds files and folders only")
  endif()
  if(NOT path MATCHES "^opt/iogate(/[A-Za-z0-9._+-]+)*$")
    message(FATAL_ERROR "make_vib: ${path} is outside opt/iogate or has a character other than "
                        "letters, digits and ._+-")
  endif()
  # The tar header's name field holds 100 bytes with its terminating NUL; a folder's name ends in
  # "/". A longer name would need a GNU long-name entry, which no payload known to install has
  # (vib_payload.cmake).
  string(LENGTH "${path}" length)
  if(IS_DIRECTORY "${staged}/${path}")
    math(EXPR length "${length} + 1")
  endif()
  if(length GREATER 99)
    message(FATAL_ERROR "make_vib: ${path} is ${length} characters as the payload stores it; a "
                        "tar header holds 99")
  endif()
endforeach()

set(work "${CPACK_TOPLEVEL_DIRECTORY}/vib")
file(REMOVE_RECURSE "${work}")
file(MAKE_DIRECTORY "${work}")
set(payload_name iogate)
iogate_vib_payload("${staged}" opt "${epoch}" "${work}/${payload_name}" payload)
iogate_vib_descriptor("${work}/descriptor.xml"
  NAME "${CPACK_IOGATE_VIB_NAME}"
  VERSION "${CPACK_IOGATE_VIB_VERSION}"
  VENDOR "${CPACK_PACKAGE_VENDOR}"
  SUMMARY "${CPACK_PACKAGE_DESCRIPTION_SUMMARY}"
  DESCRIPTION "${CPACK_IOGATE_VIB_DESCRIPTION}"
  RELEASE_DATE "${release_date}"
  PAYLOAD "${payload_name}"
  SIZE "${payload_SIZE}"
  SHA256 "${payload_SHA256}"
  SHA256_GUNZIPPED "${payload_SHA256_GUNZIPPED}"
  SHA1_GUNZIPPED "${payload_SHA1_GUNZIPPED}"
  FILES ${payload_FILES})
file(WRITE "${work}/sig.pkcs7" "")
set(vib "${CPACK_TOPLEVEL_DIRECTORY}/${CPACK_IOGATE_VIB_FILE}")
iogate_write_ar("${vib}" descriptor.xml "${work}/descriptor.xml" sig.pkcs7 "${work}/sig.pkcs7"
                ${payload_name} "${work}/${payload_name}")
message(STATUS "make_vib: ${CPACK_IOGATE_VIB_FILE}: ${CPACK_PACKAGE_VENDOR}_bootbank_"
               "${CPACK_IOGATE_VIB_NAME}_${CPACK_IOGATE_VIB_VERSION}, community, released "
               "${release_date}")
set(CPACK_EXTERNAL_BUILT_PACKAGES "${vib}")
