#include <unistd.h>

#include <fstream>
#include <string>

#include "ctest_parent.hpp"

namespace iogate {

// This process's parent when it is ctest. Anything else (a shell that copied ctest's command line)
// would leave the file behind for as long as it lives, so it gets none.
CtestParent ctest_parent() {
  const pid_t parent = getppid();
  std::ifstream comm("/proc/" + std::to_string(parent) + "/comm");
  std::string name;
  std::getline(comm, name);
  if (name == "ctest") return {parent, {}, {}};
  return {0, "the parent process is not ctest", "not started by ctest"};
}

}  // namespace iogate
