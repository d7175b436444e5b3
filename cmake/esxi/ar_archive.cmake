# iogate_write_ar(<archive> <name> <file> [<name> <file>]...): a Unix ar archive of the files, in
# the order given, as GNU ar writes it in deterministic mode (`ar rD`, Debian's default): the magic
# "!<arch>\n", then per member a 60-byte header (name terminated by "/", mtime 0, uid 0, gid 0,
# mode 644, the size, "`\n"), its bytes, and one "\n" after an odd size so the next header starts
# on an even offset. A VIB is such an archive; the community VIB builders make theirs with
# `ar r`, whose "/"-terminated names ESXi reads. Written here rather than with binutils, which a
# minimal Debian does not have; no symbol table, as ar writes none for members that are not
# objects. Names are at most 15 characters (the header holds 16 with the "/").
function(iogate_write_ar archive)
  set(members ${ARGN})
  list(LENGTH members count)
  math(EXPR odd "${count} % 2")
  if(count EQUAL 0 OR odd)
    message(FATAL_ERROR "iogate_write_ar: expected <name> <file> pairs, got: ${members}")
  endif()
  get_filename_component(parts "${archive}.parts" ABSOLUTE)
  file(REMOVE_RECURSE "${parts}")
  file(MAKE_DIRECTORY "${parts}")
  file(WRITE "${parts}/magic" "!<arch>\n")
  file(WRITE "${parts}/pad" "\n")
  set(pieces "${parts}/magic")
  set(index 0)
  while(members)
    list(POP_FRONT members name file)
    string(LENGTH "${name}" name_length)
    if(name_length GREATER 15 OR name MATCHES "[/ ]")
      message(FATAL_ERROR "iogate_write_ar: member name '${name}' is not 1-15 characters without "
                          "'/' or spaces")
    endif()
    if(NOT EXISTS "${file}" OR IS_DIRECTORY "${file}")
      message(FATAL_ERROR "iogate_write_ar: no file ${file} for member ${name}")
    endif()
    file(SIZE "${file}" size)
    set(header "")
    foreach(field_width IN ITEMS "${name}/;16" "0;12" "0;6" "0;6" "644;8" "${size};10")
      list(GET field_width 0 field)
      list(GET field_width 1 width)
      string(LENGTH "${field}" length)
      math(EXPR spaces "${width} - ${length}")
      string(REPEAT " " ${spaces} padding)
      string(APPEND header "${field}${padding}")
    endforeach()
    string(APPEND header "`\n")
    file(WRITE "${parts}/header${index}" "${header}")
    list(APPEND pieces "${parts}/header${index}" "${file}")
    math(EXPR odd "${size} % 2")
    if(odd)
      list(APPEND pieces "${parts}/pad")
    endif()
    math(EXPR index "${index} + 1")
  endwhile()
  # cmake -E cat copies bytes unchanged into OUTPUT_FILE, binary payloads included.
  execute_process(COMMAND "${CMAKE_COMMAND}" -E cat ${pieces} OUTPUT_FILE "${archive}"
                  RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "iogate_write_ar: writing ${archive} failed: ${result}")
  endif()
  file(REMOVE_RECURSE "${parts}")
endfunction()
