// What the marker asks of this machine, POSIX side: its name, this process, and whether a pid
// lives.
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <climits>

#include "common/posix_error.hpp"
#include "marker.hpp"

namespace iogate::detail {

std::string this_host() {
  char name[HOST_NAME_MAX + 1] = {};
  // Throwing beats a placeholder: two hosts both saying "unknown" would match each other.
  if (gethostname(name, sizeof name - 1) != 0) detail::throw_errno("gethostname");
  return name;
}

ProcessId this_process() { return getpid(); }

bool process_alive(pid_t pid) { return kill(pid, 0) == 0 || errno != ESRCH; }

}  // namespace iogate::detail
