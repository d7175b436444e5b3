// ThreadIoPriority on Linux: ioprio_get and ioprio_set on the calling thread (glibc has no
// wrappers). The kernel gives an I/O without a class of its own the class of the thread that
// submits it, for pread and pwrite as for io_uring's and libaio's requests.
#include "thread_io_priority.hpp"

#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include "iogate/engine/workload_keys.hpp"

namespace iogate {
namespace {

constexpr int kWhoProcess = 1;  // IOPRIO_WHO_PROCESS; with id 0, the calling thread

int set_own(int value) {
  return static_cast<int>(::syscall(SYS_ioprio_set, kWhoProcess, 0, value));
}

[[noreturn]] void refused(IoPriority priority, WorkloadField field, int err) {
  std::string why = std::strerror(err);
  if (err == EPERM)
    why += ": the real-time class needs CAP_SYS_ADMIN or CAP_SYS_NICE (run as root)";
  throw std::runtime_error(std::string(workload_key(field)) + " " + priority_text(priority) +
                           ": the kernel refused the class (" + why + ")");
}

}  // namespace

ThreadIoPriority::ThreadIoPriority(const WorkloadSpec& spec) {
  if (!spec.priority.set() && !spec.cmd_priority.set()) return;
  own_ = static_cast<int>(::syscall(SYS_ioprio_get, kWhoProcess, 0));
  if (own_ < 0) own_ = 0;
  changed_ = true;
  if (spec.cmd_priority.set() && set_own(ioprio_value(spec.cmd_priority)) != 0) {
    const int err = errno;
    set_own(own_);
    refused(spec.cmd_priority, WorkloadField::cmd_priority, err);
  }
  const int value = spec.priority.set() ? ioprio_value(spec.priority) : own_;
  if (set_own(value) != 0) {
    const int err = errno;
    set_own(own_);
    refused(spec.priority, WorkloadField::priority, err);
  }
}

ThreadIoPriority::~ThreadIoPriority() {
  if (changed_) set_own(own_);
}

}  // namespace iogate
