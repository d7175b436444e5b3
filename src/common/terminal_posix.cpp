#include <unistd.h>

#include "terminal.hpp"

namespace iogate::detail {

bool is_terminal(StandardStream stream) {
  return isatty(stream == StandardStream::output ? STDOUT_FILENO : STDERR_FILENO) == 1;
}

}  // namespace iogate::detail
