// The `.iogate-scratch` marker: what makes a directory iogate's to remove once its owner is dead.
//
//   iogate scratch directory
//   pid=4242
//   host=ci-runner-7
//   started=2024-05-01T12:00:00Z
//   label=layout quick 1073741824 65536      (only on an area kept for a run: scratch_area.hpp)
//
// A directory is stale only when its marker parses, names this host, and names a pid that no longer
// exists here. Anything else (another host sharing the datastore, a live pid, an unreadable or
// foreign marker) means "not ours to touch".
#pragma once

#include <sys/types.h>

#include <ctime>
#include <optional>
#include <string>
#include <string_view>

namespace iogate::detail {

struct MarkerInfo {
  pid_t pid = 0;
  std::string host;
  std::string label;  // empty when the marker has none
};

std::string marker_text(pid_t pid, const std::string& host, std::time_t started,
                        const std::string& label = {});
// nullopt unless the first line is the iogate header and both pid= and host= are well formed.
std::optional<MarkerInfo> parse_marker(std::string_view text);

std::string this_host();
// False only when the kernel says no such process (ESRCH); a pid we may not signal is alive.
bool process_alive(pid_t pid);

}  // namespace iogate::detail
