// ThreadAffinity on Linux: sched_getaffinity and sched_setaffinity with pid 0, the calling thread.
#include <sched.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include "thread_affinity.hpp"

namespace iogate {

struct ThreadAffinity::Saved {
  cpu_set_t mask;
};

std::vector<unsigned> usable_cpus() {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  std::vector<unsigned> cpus;
  if (::sched_getaffinity(0, sizeof mask, &mask) != 0) return cpus;
  for (unsigned cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &mask)) cpus.push_back(cpu);
  return cpus;
}

ThreadAffinity::ThreadAffinity(std::optional<unsigned> cpu) {
  if (!cpu) return;
  if (*cpu >= CPU_SETSIZE)
    throw std::runtime_error("CPU " + std::to_string(*cpu) + ": beyond this build's CPU set");
  auto saved = std::make_unique<Saved>();
  if (::sched_getaffinity(0, sizeof saved->mask, &saved->mask) != 0)
    throw std::runtime_error(std::string("sched_getaffinity: ") + std::strerror(errno));
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(*cpu, &one);
  if (::sched_setaffinity(0, sizeof one, &one) != 0) {
    throw std::runtime_error("pinning a worker to CPU " + std::to_string(*cpu) + ": " +
                             std::strerror(errno));
  }
  saved_ = std::move(saved);
}

ThreadAffinity::~ThreadAffinity() {
  if (saved_) ::sched_setaffinity(0, sizeof saved_->mask, &saved_->mask);
}

}  // namespace iogate
