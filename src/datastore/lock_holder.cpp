#include "lock_holder.hpp"

#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <fstream>
#include <iterator>
#include <sstream>

#include <fmt/format.h>

#include "common/accounts.hpp"

namespace iogate::detail {
namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

std::optional<pid_t> flock_holder(std::string_view proc_locks, dev_t dev, ino_t ino) {
  const std::string want = fmt::format("{:02x}:{:02x}:{}", major(dev), minor(dev), ino);
  std::istringstream lines{std::string(proc_locks)};
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line);
    std::string id, kind, mode, access, pid, file;
    if (!(fields >> id >> kind) || kind != "FLOCK") continue;  // "->" marks a waiter
    if (!(fields >> mode >> access >> pid >> file) || file != want) continue;
    try {
      const long value = std::stol(pid);
      if (value > 0) return static_cast<pid_t>(value);
    } catch (const std::exception&) {
    }
    return std::nullopt;
  }
  return std::nullopt;
}

std::string describe_lock_holder(dev_t dev, ino_t ino) {
  const std::optional<pid_t> pid = flock_holder(read_all("/proc/locks"), dev, ino);
  if (!pid) return "a process this host does not show (another pid namespace or NFS client?)";
  const std::string proc = "/proc/" + std::to_string(*pid);
  std::string comm = read_all(proc + "/comm");
  if (!comm.empty() && comm.back() == '\n') comm.pop_back();
  struct stat st {};
  std::string user = "?";
  if (stat(proc.c_str(), &st) == 0) {
    user = user_label(st.st_uid);
  }
  return fmt::format("pid {} ({}, user {})", *pid, comm.empty() ? "?" : comm, user);
}

}  // namespace iogate::detail
