# iogate_vib_payload(<root> <top> <epoch> <tarball> <out prefix>): the payload of a VIB, a gzipped
# tar of <top> (a directory under <root>, e.g. opt) with names relative to <root>, since ESXi
# unpacks a payload at its own /. Sets in the caller:
#   <out prefix>_FILES            every entry that is not a directory, in the tar's order (the
#                                 descriptor's file-list)
#   <out prefix>_SIZE             the size of the gzipped file
#   <out prefix>_SHA256           the sha-256 of the gzipped file
#   <out prefix>_SHA256_GUNZIPPED the sha-256 of the tar inside (ESXi 8 refuses a VIB without it)
#   <out prefix>_SHA1_GUNZIPPED   the sha-1 of the tar inside (what ESXi before 8 verifies)
#
# The same tree always gives the same bytes: entries sorted by name, the mtime <epoch>, owner and
# group root (0), modes normalized to 0755 for directories and anything executable and 0644 for
# the rest (whatever the umask of the build), hard links stored as files, and gzip -n (no name or
# time in its header). Directories are entries of their own, as the community VIB builders store
# them.
#
# The tar is in GNU tar's own format (magic "ustar  \0" at byte 257 of each header), not POSIX
# ustar ("ustar\0" "00"): the VIBs known to install on ESXi 8, ghettoVCB's and letsencrypt-esxi's,
# make their payload with a plain `tar czf`, whose default format is GNU, and a POSIX-format
# payload has been seen to fail to mount as a tardisk there. Every name is shorter than the
# header's 100 bytes (make_vib.cmake refuses a longer one), so no GNU long-name entry
# (././@LongLink) is ever written: each file and folder is one plain header, as in theirs.
function(iogate_vib_payload root top epoch tarball out)
  find_program(IOGATE_TAR tar REQUIRED)
  find_program(IOGATE_GZIP gzip REQUIRED)
  if(NOT IS_DIRECTORY "${root}/${top}")
    message(FATAL_ERROR "iogate_vib_payload: nothing staged at ${root}/${top}")
  endif()
  set(tar_file "${tarball}.tar")
  execute_process(
    COMMAND "${IOGATE_TAR}" --create --file=${tar_file} --format=gnu --sort=name
            --mtime=@${epoch} --owner=root:0 --group=root:0 --mode=u=rwX,go=rX
            --hard-dereference --directory=${root} ${top}
    RESULT_VARIABLE result ERROR_VARIABLE errors)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "iogate_vib_payload: tar of ${root}/${top} failed: ${errors}")
  endif()
  execute_process(COMMAND "${IOGATE_TAR}" --list --file=${tar_file}
                  OUTPUT_VARIABLE listing RESULT_VARIABLE result ERROR_VARIABLE errors)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "iogate_vib_payload: listing ${tar_file} failed: ${errors}")
  endif()
  string(REPLACE "\n" ";" entries "${listing}")
  set(files "")
  foreach(entry IN LISTS entries)
    if(NOT entry STREQUAL "" AND NOT entry MATCHES "/$")
      list(APPEND files "${entry}")
    endif()
  endforeach()
  file(SHA256 "${tar_file}" sha256_gunzipped)
  file(SHA1 "${tar_file}" sha1_gunzipped)
  execute_process(COMMAND "${IOGATE_GZIP}" -9 -n -c "${tar_file}" OUTPUT_FILE "${tarball}"
                  RESULT_VARIABLE result ERROR_VARIABLE errors)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "iogate_vib_payload: gzip of ${tar_file} failed: ${errors}")
  endif()
  file(REMOVE "${tar_file}")
  file(SIZE "${tarball}" size)
  file(SHA256 "${tarball}" sha256)
  set(${out}_FILES "${files}" PARENT_SCOPE)
  set(${out}_SIZE "${size}" PARENT_SCOPE)
  set(${out}_SHA256 "${sha256}" PARENT_SCOPE)
  set(${out}_SHA256_GUNZIPPED "${sha256_gunzipped}" PARENT_SCOPE)
  set(${out}_SHA1_GUNZIPPED "${sha1_gunzipped}" PARENT_SCOPE)
endfunction()
