// The runner's platform seam for where a run is: the host's name for its records, and the
// datastore directory's identity, by which a run notices its datastore unmounted or replaced
// between two checks (CheckRunner). One file per platform: run_host_posix.cpp (gethostname,
// stat: st_dev and st_ino), run_host_windows.cpp (the DNS host name, the volume serial number and
// file index of the directory).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace iogate::detail {

// The host's name; empty when the system will not say.
std::string host_name();

// A directory by identity, the path followed as stat(2) follows it.
struct DirIdentity {
  bool found = false;  // false: `error` holds the system's words
  std::uint64_t device = 0;
  std::uint64_t file_id = 0;
  std::string error;
};
DirIdentity identify_dir(const std::filesystem::path& dir);

}  // namespace iogate::detail
