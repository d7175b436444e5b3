// Which CPU each worker thread runs on. DiskSpd pins every thread by default, round-robin over the
// CPUs from the first (its `-n` turns that off; IORequestGenerator.cpp), so a DiskSpd user's
// figures come from threads that never migrate; iogate leaves threads to the scheduler unless a
// workload says otherwise:
//
//   none          the scheduler places the threads (the default)
//   round-robin   worker k runs on the k-th CPU this process may use, modulo their number
//                 (DiskSpd's default, and what a profile imported from DiskSpd says)
//   0,2,4-7       worker k runs on the k-th CPU of this list, modulo its length (DiskSpd's
//                 `-a0,2,4`, taskset's spelling)
//
// "The CPUs this process may use" is its affinity mask when the run starts (a cgroup's cpuset, a
// taskset), so a pinned run inside a container stays inside it; a listed CPU outside that mask is
// refused before any I/O, naming it. A worker's pin holds for its pass and the thread's own mask
// is given back after (the first worker may be the caller's thread).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iogate {

// The highest CPU number a list may name, plus one: Linux's default NR_CPUS ceiling.
inline constexpr unsigned kMaxCpus = 8192;

struct CpuAffinity {
  enum class Mode { none, round_robin, list };
  Mode mode = Mode::none;
  std::vector<unsigned> cpus;  // Mode::list: in the order given, each once
  bool operator==(const CpuAffinity&) const = default;
  bool pinned() const { return mode != Mode::none; }
};

// "none", "round-robin", or the list with runs folded: "0,2,4-7".
std::string cpu_affinity_text(const CpuAffinity& affinity);

// The affinity `text` spells, or what was expected instead (without the file context).
struct ParsedAffinity {
  std::optional<CpuAffinity> affinity;
  std::string problem;
};
ParsedAffinity parse_cpu_affinity(std::string_view text);

// The CPU worker `worker` runs on, given the CPUs this process may use (ascending); nothing for
// Mode::none. Throws std::invalid_argument naming a listed CPU the process may not use.
std::optional<unsigned> worker_cpu(const CpuAffinity& affinity, unsigned worker,
                                   const std::vector<unsigned>& usable);

}  // namespace iogate
