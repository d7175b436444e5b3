#include "terminal.hpp"
#include "windows_handle.hpp"

namespace iogate::detail {

// Not _isatty: it says yes for any character device, NUL included, where a meter's redrawn line
// would be noise in whatever reads it.
bool is_terminal(StandardStream stream) {
  const HANDLE h =
      ::GetStdHandle(stream == StandardStream::output ? STD_OUTPUT_HANDLE : STD_ERROR_HANDLE);
  DWORD mode = 0;
  return h != nullptr && h != INVALID_HANDLE_VALUE && ::GetConsoleMode(h, &mode) != 0;
}

}  // namespace iogate::detail
