// A worker thread's CPU for one pass (cpu_affinity.hpp): pinned on construction, the thread's own
// mask given back on destruction (the thread may be the caller's). One implementation per
// platform: sched_setaffinity on Linux (thread_affinity_posix.cpp), SetThreadAffinityMask on
// Windows, within the first processor group (thread_affinity_windows.cpp).
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "iogate/engine/cpu_affinity.hpp"

namespace iogate {

// The CPUs this process may run on now, ascending.
std::vector<unsigned> usable_cpus();

class ThreadAffinity {
 public:
  // Pins the calling thread to `cpu`; nothing when there is none. Throws std::runtime_error naming
  // the CPU when the system refuses.
  explicit ThreadAffinity(std::optional<unsigned> cpu);
  ~ThreadAffinity();
  ThreadAffinity(const ThreadAffinity&) = delete;
  ThreadAffinity& operator=(const ThreadAffinity&) = delete;

 private:
  struct Saved;  // the thread's mask before, in the platform's form
  std::unique_ptr<Saved> saved_;
};

}  // namespace iogate
