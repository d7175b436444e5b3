// take_cpu_snapshot() on Windows: GetProcessTimes for the process, GetSystemTimes for the
// system, in the 100 ns units both report.
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include "cpu_usage.hpp"

namespace iogate {
namespace {

std::uint64_t ticks(const FILETIME& t) {
  return (std::uint64_t{t.dwHighDateTime} << 32) | t.dwLowDateTime;
}

}  // namespace

CpuSnapshot take_cpu_snapshot() {
  CpuSnapshot snap;
  FILETIME created{}, exited{}, kernel{}, user{};
  if (::GetProcessTimes(::GetCurrentProcess(), &created, &exited, &kernel, &user))
    snap.process_s = static_cast<double>(ticks(kernel) + ticks(user)) / 1e7;
  // The system's kernel time includes its idle time.
  FILETIME idle{}, system_kernel{}, system_user{};
  if (::GetSystemTimes(&idle, &system_kernel, &system_user)) {
    SystemCpuTicks system;
    system.total = ticks(system_kernel) + ticks(system_user);
    system.busy = system.total - ticks(idle);
    snap.system = system;
  }
  return snap;
}

}  // namespace iogate
