// take_cpu_snapshot() on POSIX: getrusage for the process, /proc/stat for the system.
#include <sys/resource.h>

#include <fstream>
#include <string>

#include "cpu_usage.hpp"

namespace iogate {

CpuSnapshot take_cpu_snapshot() {
  CpuSnapshot snap;
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) == 0) {
    auto seconds = [](const timeval& tv) {
      return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6;
    };
    snap.process_s = seconds(usage.ru_utime) + seconds(usage.ru_stime);
  }
  std::ifstream stat("/proc/stat");
  std::string first_line;
  if (stat && std::getline(stat, first_line)) snap.system = parse_proc_stat(first_line);
  return snap;
}

}  // namespace iogate
