// Which file a workload runs on: a path, or a plain name inside a directory the caller holds open.
//
// A test file in a directory other users can write to must not be reached through a path string:
// between the check and the open, someone can rename a directory on the way and put a symlink in
// its place, and root's writes land wherever it points. Given a directory descriptor, the engine
// opens the file with openat(dir_fd, name, O_NOFOLLOW): no component is looked up by path, so only
// the directory the caller verified is ever used. The engine does not know how that directory was
// made or checked (that is the scratch area's business); `shown` is only for messages.
#pragma once

#include <fcntl.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>

namespace iogate {

class FileRef {
 public:
  // A path, looked up from the working directory (its last component is still never followed).
  FileRef(const std::filesystem::path& path) : name_(path.string()), shown_(name_) {}  // NOLINT
  FileRef(const char* path) : FileRef(std::filesystem::path(path)) {}                  // NOLINT
  // `name` inside the directory open as `dir_fd`, which must stay open while the file is used.
  // std::invalid_argument unless `name` is a plain file name (no '/', not "." or "..").
  FileRef(int dir_fd, std::string name, const std::filesystem::path& shown)
      : dir_fd_(dir_fd), name_(std::move(name)), shown_(shown.string()) {
    if (dir_fd < 0 || name_.empty() || name_ == "." || name_ == ".." ||
        name_.find('/') != std::string::npos)
      throw std::invalid_argument("test file \"" + name_ +
                                  "\": needs an open directory and a plain file name");
  }

  int dir_fd() const { return dir_fd_; }             // AT_FDCWD for a path
  const std::string& name() const { return name_; }  // what openat is given
  const std::string& shown() const { return shown_; }

 private:
  int dir_fd_ = AT_FDCWD;
  std::string name_;
  std::string shown_;
};

}  // namespace iogate
