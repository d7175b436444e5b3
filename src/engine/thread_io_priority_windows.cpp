// ThreadIoPriority on Windows: its priority hints (FileIoPriorityHintInfo) are not Linux's classes
// and levels, so a workload that names a class is refused rather than run at another meaning.
#include "thread_io_priority.hpp"

#include <stdexcept>
#include <string>

namespace iogate {

ThreadIoPriority::ThreadIoPriority(const WorkloadSpec& spec) {
  const char* key = spec.priority.set() ? "priority" : "cmd_priority";
  const IoPriority named = spec.priority.set() ? spec.priority : spec.cmd_priority;
  if (!named.set()) return;
  throw std::runtime_error(std::string(key) + " " + priority_text(named) +
                           ": I/O priority classes are Linux's (ioprio); Windows has none");
}

ThreadIoPriority::~ThreadIoPriority() = default;

}  // namespace iogate
