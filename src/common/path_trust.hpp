// Whether root may write in a directory: the rule ssh's StrictModes applies to ~/.ssh.
//
// Run as root (euid 0), a directory that another user owns, or that is group- or world-writable
// without the sticky bit, lets that user rename entries under root's feet and swap in a symlink;
// so does any directory on the way to it. The datastore (datastore_trust.hpp) and every output
// directory (output_file.hpp) are held to this one rule. The ancestors looked at are the
// directories holding each component of the path as given (so a symlink planted in a writable
// directory is caught) and of the path it resolves to: a few stat(2) calls, no walk of the tree.
// An unprivileged run is never refused: it can only be sent where its own user may write anyway.
#pragma once

#include <sys/stat.h>
#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>

namespace iogate {

// Why `st` (a directory, or one on the way to it) is not safe for a run as `euid`; nullopt when
// it is. Only euid 0 is ever refused.
std::optional<std::string> trust_problem(const struct stat& st, uid_t euid);

// A directory root should not write below, and why.
struct UntrustedDirectory {
  std::filesystem::path dir;  // the directory itself, or one on the way to it
  std::string why;            // "owned by uid 1000 (alice)", "world-writable without ..."
};

// For a run as the current euid: the first directory holding a component of `path` (as given,
// made absolute, and as it resolves) that root should not trust. `path` itself is not looked at:
// the caller holds it open and judges its descriptor. Throws std::system_error when a directory
// on the way cannot be looked at.
std::optional<UntrustedDirectory> untrusted_ancestor(const std::filesystem::path& path);

}  // namespace iogate
