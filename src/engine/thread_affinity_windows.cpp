// ThreadAffinity on Windows: SetThreadAffinityMask, which returns the mask it replaces, within the
// calling thread's processor group (the first on machines of up to 64 logical CPUs).
#include <windows.h>

#include <stdexcept>
#include <string>

#include "thread_affinity.hpp"

namespace iogate {

struct ThreadAffinity::Saved {
  DWORD_PTR mask;
};

std::vector<unsigned> usable_cpus() {
  DWORD_PTR process = 0, system = 0;
  std::vector<unsigned> cpus;
  if (!::GetProcessAffinityMask(::GetCurrentProcess(), &process, &system)) return cpus;
  for (unsigned cpu = 0; cpu < sizeof(DWORD_PTR) * 8; ++cpu)
    if (process & (DWORD_PTR{1} << cpu)) cpus.push_back(cpu);
  return cpus;
}

ThreadAffinity::ThreadAffinity(std::optional<unsigned> cpu) {
  if (!cpu) return;
  if (*cpu >= sizeof(DWORD_PTR) * 8)
    throw std::runtime_error("CPU " + std::to_string(*cpu) + ": beyond one processor group");
  const DWORD_PTR before = ::SetThreadAffinityMask(::GetCurrentThread(), DWORD_PTR{1} << *cpu);
  if (before == 0) {
    throw std::runtime_error("pinning a worker to CPU " + std::to_string(*cpu) +
                             ": SetThreadAffinityMask failed (error " +
                             std::to_string(::GetLastError()) + ")");
  }
  saved_ = std::make_unique<Saved>(Saved{before});
}

ThreadAffinity::~ThreadAffinity() {
  if (saved_) ::SetThreadAffinityMask(::GetCurrentThread(), saved_->mask);
}

}  // namespace iogate
