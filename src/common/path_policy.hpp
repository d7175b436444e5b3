// The one path policy: how iogate reaches a directory it writes into or removes files from by
// name (every output directory, a report directory it clears, the datastore), and every file it
// reads by name (read_file.hpp: the link rule only).
//
// The path is resolved once, by descriptor, one component at a time from "/" (openat with
// O_PATH | O_NOFOLLOW), and nothing after that goes through the path string again. Two rules hold
// on the way:
//   - A symbolic link is followed only when someone the caller trusts made it: in a directory that
//     users other than its owner may write (group- or world-writable, sticky or not), only a link
//     owned by root, by the caller (euid) or by that directory's owner. This is
//     the kernel's fs.protected_symlinks rule, applied here because the sysctl may be off, and
//     widened to directories without the sticky bit, where the caller opted into sharing
//     (IOGATE_ALLOW_SHARED_OUTPUT) but not into following what the others put there. The link
//     itself is held (O_PATH) while it is judged and read, so the link judged is the one followed.
//   - Run as root, with `root_rule`, every directory passed through must pass trust_problem()
//     (path_trust.hpp): a directory another user can change is refused before anything is made.
// A missing directory is made with mkdirat in its held parent and then opened O_NOFOLLOW, so a
// name taken by a link in between is judged like any other link.
//
// Linux only: the Windows writer keeps its own handles (output_dir_windows.cpp), its trust rule
// for elevated runs is still to come (docs/windows.md).
#pragma once

#include <sys/stat.h>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "path_trust.hpp"
#include "unique_fd.hpp"

namespace iogate::detail {

// The policy refused a directory on the way, or a link in one. `found.dir` names it, `found.why`
// says why; the caller words the refusal for its own flag (an output, a datastore).
class UntrustedPathError : public std::runtime_error {
 public:
  UntrustedPathError(UntrustedDirectory found, bool link)
      : std::runtime_error(found.dir.string() + " is " + found.why),
        found_(std::move(found)),
        link_(link) {}
  const UntrustedDirectory& found() const { return found_; }
  // A link refused (whoever runs iogate), rather than a directory refused to root.
  bool link() const { return link_; }

 private:
  UntrustedDirectory found_;
  bool link_;
};

struct PathRules {
  bool root_rule = true;  // run as root: refuse directories another user can change
};

// Whether a link owned by `link_uid` may be followed out of the directory described by `dir`, for
// a run as `euid`; nullopt when it may, else why not.
std::optional<std::string> link_problem(const struct stat& dir, uid_t link_uid, uid_t euid);

// A place reached by resolve_directory().
struct ResolvedDir {
  UniqueFd fd;                    // O_PATH descriptor of the deepest directory reached
  std::filesystem::path shown;    // its path as resolved, for messages
  std::size_t components = 0;     // how many components of the path asked for it stands for
  bool resumable = true;          // it is where those components lead (not inside a link's
                                  // target, half-walked): a later walk may start from it
  std::vector<std::string> rest;  // the components still missing below it (none: reached)
};

enum class Missing { stop, make };

// Resolves the directory `path` (made absolute, lexically normal) from "/" by the rules above;
// from `start` instead when given (resumable): a directory already held for the first
// `start->components` components of that path. With Missing::stop a missing component ends the
// walk (`rest` says what is missing); with Missing::make it is created. Throws
// UntrustedPathError, or std::system_error naming the path (a component that is not a directory,
// a loop of links, no permission).
ResolvedDir resolve_directory(const std::filesystem::path& path, Missing missing,
                              const PathRules& rules, const ResolvedDir* start = nullptr);

// The components of `path` made absolute and lexically normal ("/a/b" -> {"a", "b"}).
std::vector<std::string> path_components(const std::filesystem::path& path);

// The file `path` names (made absolute, lexically normal), reached by the rules above and opened
// in its directory with `flags` | O_NOFOLLOW, so that a link at its own name is judged and walked
// like any other: `fd` is that file, or, when the path names a directory, the directory's O_PATH
// descriptor. A descriptor's link in /proc (/dev/stdin -> /proc/self/fd/0) is opened by the
// kernel: its text is no path to walk, and no user can plant one. Throws as resolve_directory;
// a missing component is ENOENT.
struct OpenedFile {
  UniqueFd fd;
  std::filesystem::path shown;  // its path as resolved, for messages
};
OpenedFile open_file(const std::filesystem::path& path, int flags, const PathRules& rules);

// A directory descriptor fit for reading, fsync and creating entries (O_RDONLY | O_DIRECTORY),
// from the O_PATH one of a ResolvedDir.
UniqueFd open_for_use(const ResolvedDir& dir);

}  // namespace iogate::detail
