// Reading /proc/self/mountinfo (proc(5)):
//
//   36 35 98:0 /mnt1 /mnt/parent rw,noatime master:1 - ext3 /dev/root rw,errors=continue
//   (1)(2)(3)   (4)   (5)         (6)      (7...)    (8)(9)   (10)      (11)
//
// Optional fields (7) run up to the lone "-". The kernel escapes space, tab, newline and backslash
// in paths as \040, \011, \012 and \134; unescape_mount_field undoes any \ooo octal escape.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iogate::detail {

struct MountEntry {
  unsigned major = 0;
  unsigned minor = 0;
  std::string root;           // (4) the directory of the filesystem mounted here (bind mounts)
  std::string mount_point;    // (5)
  std::string options;        // (6) per-mount: rw, noatime, nosuid ...
  std::string fstype;         // (9)
  std::string source;         // (10)
  std::string super_options;  // (11) per-superblock: discard, data=ordered ...
};

std::string unescape_mount_field(std::string_view field);
// Throws std::invalid_argument saying which field is missing or malformed.
MountEntry parse_mountinfo_line(std::string_view line);
// Throws std::system_error if the file cannot be read, std::runtime_error "<file>:<line>: ..." for
// a malformed line.
std::vector<MountEntry> read_mountinfo(const std::filesystem::path& file);

// The mount `path` (absolute, canonical) lives on: the longest mount point that is `path` or a
// parent of it, component-wise; of equal ones the last listed, which hides those before it.
// nullptr if none (only with a mountinfo that lacks "/").
const MountEntry* find_mount(const std::vector<MountEntry>& mounts, const std::string& path);

// The mount holding the directory `dir` in this process's /proc/self/mountinfo, `dir` resolved to
// its real path first; std::nullopt when none holds it. Throws std::system_error naming `dir` when
// it cannot be resolved, and read_mountinfo's errors.
std::optional<MountEntry> mount_holding(const std::filesystem::path& dir);

// The per-mount options followed by the superblock options not already among them:
// "rw,relatime" + "rw,discard" -> "rw,relatime,discard".
std::string merge_options(const std::string& per_mount, const std::string& super);

}  // namespace iogate::detail
