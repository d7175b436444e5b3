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

#include <ctime>
#include <optional>
#include <string>
#include <string_view>

#include "iogate/engine/native_handle.hpp"

namespace iogate::detail {

struct MarkerInfo {
  ProcessId pid = 0;
  std::string host;
  std::string label;  // empty when the marker has none
};

std::string marker_text(ProcessId pid, const std::string& host, std::time_t started,
                        const std::string& label = {});
// nullopt unless the first line is the iogate header and both pid= and host= are well formed.
std::optional<MarkerInfo> parse_marker(std::string_view text);

std::string this_host();
// This process, as a marker or a layout note names it (an area whose marker names another process
// is kept for it: AreaOwner).
ProcessId this_process();
// False only when the system says no such process (ESRCH; on Windows, no process of that id or
// one that has exited); a process we may not signal or query is alive.
bool process_alive(ProcessId pid);

}  // namespace iogate::detail
