# cmake -DIOGATE=<iogate executable> -DVERSION=<x.y.z> -DOUT=<dir>
#       [-DFORMAT_PAGES=<page.5>... -DFORMAT_OUT=<dir>] -P IogateManPages.cmake
#
# Writes the man pages from the built program's own --help, so they cannot drift from it:
# iogate.1.gz (the command and its list of subcommands) and iogate-<sub>.1.gz for every subcommand
# that `iogate --help` lists. help2man reads the --help of a program it names, so each subcommand
# gets a two-line wrapper script; each page's NAME line is the first line of its --help.
# help2man makes ENVIRONMENT and EXAMPLES of the "Environment:" and "Examples:" paragraphs of the
# help (src/cli/help_text.cpp) but knows no "Exit status:": the wrappers hand it that heading in
# its custom-section form, "*Exit status*", which becomes EXIT STATUS.
# The version is given, not asked for: `iogate --version` also reports this host's engines.
#
# The file-format pages of section 5 (FORMAT_PAGES: iogate-thresholds.5, the threshold file) have
# no --help to come from: they are written by hand (docs/), compressed here into FORMAT_OUT as
# Debian wants them, and named in every section-1 page's SEE ALSO. The test e2e.docs_examples
# holds their examples and keys to the parser.
foreach(var IOGATE VERSION OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "IogateManPages.cmake: -D${var}= is required")
  endif()
endforeach()
find_program(HELP2MAN help2man REQUIRED)
find_program(GZIP gzip REQUIRED)
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}/bin")

# gzip_page(<file>): <file>.gz, reproducibly (no name, no time stamp) and at -9, as lintian asks.
function(gzip_page file)
  execute_process(COMMAND "${GZIP}" -9nf "${file}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip ${file} failed (${rc})")
  endif()
endfunction()

# The section-5 pages, and "\fBiogate-thresholds\fR(5)" for the SEE ALSO of the others.
set(format_see_also "")
if(FORMAT_PAGES)
  if(NOT DEFINED FORMAT_OUT)
    message(FATAL_ERROR "IogateManPages.cmake: FORMAT_PAGES needs -DFORMAT_OUT=")
  endif()
  file(REMOVE_RECURSE "${FORMAT_OUT}")
  file(MAKE_DIRECTORY "${FORMAT_OUT}")
  foreach(source IN LISTS FORMAT_PAGES)
    get_filename_component(page "${source}" NAME)
    if(NOT page MATCHES "^([a-z-]+)\\.5$")
      message(FATAL_ERROR "${source}: a section-5 page is named <name>.5")
    endif()
    string(APPEND format_see_also ", \\fB${CMAKE_MATCH_1}\\fR(5)")
    file(COPY_FILE "${source}" "${FORMAT_OUT}/${page}")
    gzip_page("${FORMAT_OUT}/${page}")
  endforeach()
endif()

function(help_of out)  # help_of(<out var> [subcommand])
  execute_process(COMMAND "${IOGATE}" ${ARGN} --help OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${IOGATE} ${ARGN} --help exited ${rc}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# page(<name> <program> <description> [include file])
function(page name program description)
  set(include "")
  if(ARGC GREATER 3)
    set(include "--include=${ARGV3}")
  endif()
  execute_process(
    COMMAND "${HELP2MAN}" --no-info --no-discard-stderr "--version-string=${VERSION}"
            "--name=${description}" --section=1 --source=iogate ${include}
            "--output=${OUT}/${name}.1" "${program}"
    RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "help2man failed for ${name} (${rc})")
  endif()
  gzip_page("${OUT}/${name}.1")
endfunction()

function(first_line out text)
  string(REGEX MATCH "^[^\n]*" line "${text}")
  string(REGEX REPLACE "^iogate: " "" line "${line}")
  set(${out} "${line}" PARENT_SCOPE)
endfunction()

help_of(top)
# The "Subcommands:" block of CLI11's help: one "  <name>   <description>" line each.
string(REGEX MATCH "\nSubcommands:\n(.*)$" block "${top}")
string(REGEX MATCHALL "\n  [a-z][a-z_-]*" names "\n${CMAKE_MATCH_1}")
set(subcommands "")
set(see_also "")
foreach(entry IN LISTS names)
  string(STRIP "${entry}" sub)
  list(APPEND subcommands "${sub}")
  list(APPEND see_also "\\fBiogate-${sub}\\fR(1)")
endforeach()
if(NOT subcommands)
  message(FATAL_ERROR "no \"Subcommands:\" list in `${IOGATE} --help`:\n${top}")
endif()

list(JOIN see_also ", " see_also)
file(WRITE "${OUT}/iogate.h2m" "[SEE ALSO]\n${see_also}${format_see_also}\n")
first_line(description "${top}")
# wrapper(<out var> <name> [subcommand]): the script help2man runs for a page.
function(wrapper out name)
  set(path "${OUT}/bin/${name}")
  file(WRITE "${path}" "#!/bin/sh\n'${IOGATE}' ${ARGN} \"$@\" | sed 's/^Exit status:$/*Exit status*/'\n")
  file(CHMOD "${path}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  set(${out} "${path}" PARENT_SCOPE)
endfunction()

wrapper(top_program iogate)
page(iogate "${top_program}" "${description}" "${OUT}/iogate.h2m")

file(WRITE "${OUT}/iogate-sub.h2m" "[SEE ALSO]\n\\fBiogate\\fR(1)${format_see_also}\n")
foreach(sub IN LISTS subcommands)
  wrapper(program iogate-${sub} ${sub})
  help_of(help ${sub})
  first_line(description "${help}")
  page(iogate-${sub} "${program}" "${description}" "${OUT}/iogate-sub.h2m")
endforeach()
file(REMOVE_RECURSE "${OUT}/bin")
file(REMOVE "${OUT}/iogate.h2m" "${OUT}/iogate-sub.h2m")
