// Reading a whole input file (a threshold file, a baseline, a results document) into memory.
//
// Only a regular file is read, and only up to a size limit: a path the user mistyped may name a
// directory, a character device (/dev/zero never ends) or a FIFO, and reading such a thing whole
// would fail with the stream library's words and no path, block forever or run out of memory.
// Every failure is a FileReadError whose message starts with the path. A path holding a control
// character (a newline, ESC) is refused before it is opened (path_control_problem): no message
// after a read could name it on one line.
//
// Links others planted. A path is resolved one component at a time by the path policy the writer
// uses (src/common/path_policy.hpp), with its link rule: a symbolic link in a directory others can
// write (/tmp) is followed only when root, the user running iogate or that directory's owner made
// it, the kernel's fs.protected_symlinks rule applied whatever the sysctl says. Root given
// /tmp/shared/in.json, another user's link to /root/secret.json, reads nothing of root's file.
// (Linux; on Windows the path is opened as given.)
//
// What an input may reveal. iogate runs as root in CI, and its errors end up in logs many people
// read, so a message quotes a file's text only when every user could read that file anyway
// (InputText::quotable, mode o+r). And a file named inside another file (an include, a threshold
// file's fio_job) is read only if the one who wrote that other file could read it: the owner of
// the naming file, and the real uid where it differs from the effective one; files under /proc and
// /sys (which describe the machine, and other processes) are never read that way.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "display_text.hpp"

namespace iogate {

// The path is shown through printable (display_text.hpp): it may be one refused for a control
// character (path_control_problem), and it is never shown raw.
class FileReadError : public std::runtime_error {
 public:
  FileReadError(const std::filesystem::path& path, std::string problem)
      : std::runtime_error(printable(path.string()) + ": " + problem),
        problem_(std::move(problem)) {}
  // Without the path: "cannot open: No such file or directory", "is a directory, expected ...".
  const std::string& problem() const { return problem_; }

 private:
  std::string problem_;
};

// The bytes of the regular file at `path`; `what` names the expected content in errors ("a
// threshold file"). Larger than `max_bytes`, or not a regular file: FileReadError.
// With Links::refuse the last component of `path` must not be a symbolic link (O_NOFOLLOW): a
// file found in a directory someone else fills is read where it is, never through a link out of
// it, even one swapped in after the directory was listed.
enum class Links { follow, refuse };
std::string read_regular_file(const std::filesystem::path& path, std::uint64_t max_bytes,
                              const char* what, Links links = Links::follow);

// A file's text and whether messages may quote it.
struct InputText {
  std::string text;
  bool quotable = false;  // every user may read the file (o+r): its text may appear in messages
};

// As read_regular_file, telling whether the text may be quoted.
InputText read_input_file(const std::filesystem::path& path, std::uint64_t max_bytes,
                          const char* what);

// An entry of a directory listed by list_directory().
struct DirectoryEntry {
  enum class Kind { regular, link, other };
  std::string name;
  Kind kind = Kind::other;  // the entry itself, a link not followed
};

// The entries of the directory `path` (not . or ..), reached as a file read by name is: what a
// results directory holds is listed only from a directory the link rule above let through.
// FileReadError naming `path` when it cannot be reached or listed, or is no directory.
std::vector<DirectoryEntry> list_directory(const std::filesystem::path& path);

// A file named inside `named_by`: as read_input_file, and refused (FileReadError saying why, and
// nothing of its content) when it lives under /proc or /sys, or when the owner of `named_by` or
// the real uid could not read it without root's privileges.
InputText read_named_file(const std::filesystem::path& path, const std::filesystem::path& named_by,
                          std::uint64_t max_bytes, const char* what);

}  // namespace iogate
