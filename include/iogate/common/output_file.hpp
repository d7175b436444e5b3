// The one way iogate writes a file for someone to read: reports, results, baselines, imported and
// proposed threshold files, fleet reports.
//
// A file is written whole or not at all, and nothing is ever written through a symlink:
//   - the content is rendered first (a writer that throws leaves no file at all);
//   - a temporary file is created new and exclusive (O_CREAT|O_EXCL|O_NOFOLLOW, a random name)
//     in the target's directory, held as a directory descriptor, written and fsync'ed;
//   - only then is it renamed over the target (renameat, or RENAME_NOREPLACE when replacing was not
//     asked for). The target itself is never opened, so a symlink planted at its name, or at any
//     name a temporary file could get, redirects nothing: rename replaces the link, not its target.
// A set of files is all or nothing as far as a filesystem allows: every temporary file of the set
// is written before the first rename, so a full disk, a read-only mount or an I/O error leaves none
// of them (only a rename failing half way through the set could leave some, and renames do not
// need space).
//
// Run as root, an output directory that another user can change (its own, or one on the way to it,
// by the rule of path_trust.hpp) is refused before anything is written, like an unsafe datastore:
// that user could swap it for a symlink between the check and the write. A directory shared on
// purpose is written with IOGATE_ALLOW_SHARED_OUTPUT=1; the temporary-file discipline still holds
// there. A missing output directory is created, after its nearest existing ancestor passed the
// same rule.
//
// The path "-" (kStandardOutput) is standard output, as fio, tar and curl read it: its content is
// written there once every file of the set is in place, so a set that fails prints nothing.
// /dev/stdout (and /dev/fd/1, /proc/self/fd/1) mean the same stream, rather than the link in /dev
// the rename would replace; standard error's names are refused, as is a device, FIFO or socket
// (or a link to one) at the target's name: an output is a regular file or the stream.
//
// Every output of one invocation is distinct from every other and from every input it reads:
// two paths naming one file (the same file followed through links, or the same name not made
// yet) are refused before anything is written (require_distinct_paths), not found when one
// output has replaced the other, or the threshold file it was read from.
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace iogate {

// Whether a file already at the target's name may be replaced (`--force`).
enum class IfExists { replace, refuse };

// The target exists and replacing it was not asked for.
class OutputExistsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Run as root, the output directory (or one on the way to it) can be changed by another user.
class UnsafeOutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr std::string_view kStandardOutput = "-";
inline bool is_standard_output(const std::filesystem::path& path) {
  const std::filesystem::path p = path.lexically_normal();
  return p == kStandardOutput || p == "/dev/stdout" || p == "/dev/fd/1" || p == "/proc/self/fd/1";
}
inline bool names_standard_error(const std::filesystem::path& path) {
  const std::filesystem::path p = path.lexically_normal();
  return p == "/dev/stderr" || p == "/dev/fd/2" || p == "/proc/self/fd/2";
}

// Two paths of one invocation name the same file.
class PathClashError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Throws PathClashError naming both paths when two of `outputs`, or an output and one of
// `inputs`, are one file: the same file when both exist (device and inode, links followed), else
// the same path once made absolute with the links on its existing part resolved. Standard output
// and empty paths are left out. Looks only; writes nothing.
void require_distinct_paths(const std::vector<std::filesystem::path>& outputs,
                            const std::vector<std::filesystem::path>& inputs);

// The same rule for a stream of inputs against outputs fixed beforehand (a fleet's --results-from
// list of 100,000 hosts against its reports), without resolving every output's path again for
// each input: an input that exists is one file with an output only when the output exists too
// and the two are equivalent (a path that resolves onto an existing file names that file), so
// such an input costs a look at it and one comparison per output that existed when this was
// made. An input that does not exist, or one that matches, is taken through
// require_distinct_paths, which words the refusal.
class DistinctFromOutputs {
 public:
  explicit DistinctFromOutputs(std::vector<std::filesystem::path> outputs);
  void require_apart(const std::filesystem::path& input) const;

 private:
  std::vector<std::filesystem::path> outputs_;
  std::vector<std::filesystem::path> existing_;  // those of outputs_ that existed
};

struct OutputFile {
  std::filesystem::path path;
  std::function<void(std::ostream&)> write;  // renders the content; may throw, nothing is written
};

// Writes every file of `files`, all or none (above). Throws OutputExistsError, UnsafeOutputError,
// or std::system_error naming the operation and the path; what a writer throws passes through.
// Nothing of the set is left behind on failure but files a failed rename could not take back.
void write_outputs(const std::vector<OutputFile>& files, IfExists if_exists = IfExists::replace);

// A set of one.
void write_output(const std::filesystem::path& path,
                  const std::function<void(std::ostream&)>& write,
                  IfExists if_exists = IfExists::replace);
void write_output_text(const std::filesystem::path& path, std::string_view text,
                       IfExists if_exists = IfExists::replace);

// Before a long run whose output would be lost with it: throws what writing `path` would throw for
// its directory (unsafe, not a directory) or for a file already there, and writes nothing.
void check_output_allowed(const std::filesystem::path& path, IfExists if_exists);

}  // namespace iogate
