# iogate_set_warnings(<target>): the project's warning set; errors with IOGATE_WERROR (CI).
function(iogate_set_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wshadow -Wconversion -Wno-sign-conversion -Wnon-virtual-dtor
    $<$<BOOL:${IOGATE_WERROR}>:-Werror>)
endfunction()
