// ThreadIoPriority on Windows: its priority hints (FileIoPriorityHintInfo) are not Linux's classes
// and levels, so a workload that names a class is refused rather than run at another meaning.
#include "thread_io_priority.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

#include "iogate/engine/workload_keys.hpp"

namespace iogate {

ThreadIoPriority::ThreadIoPriority(const WorkloadSpec& spec) {
  const std::string_view key =
      workload_key(spec.priority.set() ? WorkloadField::priority : WorkloadField::cmd_priority);
  const IoPriority named = spec.priority.set() ? spec.priority : spec.cmd_priority;
  if (!named.set()) return;
  throw std::runtime_error(std::string(key) + " " + priority_text(named) +
                           ": I/O priority classes are Linux's (ioprio); Windows has none");
}

ThreadIoPriority::~ThreadIoPriority() = default;

}  // namespace iogate
