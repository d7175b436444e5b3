// Whether a standard stream is a terminal: a live progress meter redraws its line only there, and
// a log or a pipe gets plain lines instead. One file per platform (terminal_posix.cpp: isatty;
// terminal_windows.cpp: a console, which GetConsoleMode answers for and a file, a pipe or NUL
// does not).
#pragma once

namespace iogate::detail {

enum class StandardStream { output, error };

bool is_terminal(StandardStream stream);

}  // namespace iogate::detail
