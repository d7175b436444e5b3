// CPU figures of a measured window, taken as two snapshots and a difference:
//
//   process: user + system time over wall time, in % of one core (so a process keeping two
//            cores busy reports 200 %): getrusage(RUSAGE_SELF) on POSIX, GetProcessTimes on
//            Windows;
//   system:  busy share of all cores, which is what IOMeter reports as "% CPU". On Linux the
//            aggregate "cpu" line of /proc/stat: busy = total - idle - iowait; total = user +
//            nice + system + idle + iowait + irq + softirq + steal (guest time is already in
//            user). On Windows GetSystemTimes: busy = kernel + user - idle.
//
// When the system's figures cannot be read (a sandbox, /proc/stat missing) the system figure is
// 0. take_cpu_snapshot() is per platform (cpu_snapshot_<platform>.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace iogate {

struct SystemCpuTicks {
  std::uint64_t busy = 0;
  std::uint64_t total = 0;
};

// Parses the aggregate "cpu " line of /proc/stat's text; nullopt when it is missing or short.
std::optional<SystemCpuTicks> parse_proc_stat(std::string_view text);

struct CpuSnapshot {
  double process_s = 0;  // user + system CPU seconds of this process so far
  std::optional<SystemCpuTicks> system;
};

CpuSnapshot take_cpu_snapshot();

struct CpuPercent {
  double process = 0;
  double system = 0;
};

CpuPercent cpu_percent(const CpuSnapshot& from, const CpuSnapshot& to, double wall_s);

}  // namespace iogate
