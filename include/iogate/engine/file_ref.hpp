// Which file a workload runs on: a path, or a plain name inside a directory the caller holds open.
//
// A test file in a directory other users can write to must not be reached through a path string:
// between the check and the open, someone can rename a directory on the way and put a symlink in
// its place, and root's writes land wherever it points. Given a directory the caller holds open,
// the engine opens the file relative to it and never follows a link at the name: on POSIX
// openat(dir_fd, name, O_NOFOLLOW), on Windows NtCreateFile with the directory HANDLE as
// OBJECT_ATTRIBUTES.RootDirectory and FILE_OPEN_REPARSE_POINT (a junction or symlink there is
// refused). No component is looked up by path, so only the directory the caller verified is ever
// used. The engine does not know how that directory was made or checked (that is the scratch
// area's business); `shown` is only for messages.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

#include "iogate/engine/native_handle.hpp"

namespace iogate {

class FileRef {
 public:
  // A path, looked up from the working directory (its last component is still never followed).
  FileRef(const std::filesystem::path& path)  // NOLINT
      : path_(path), name_(display(path)), shown_(name_) {}
  FileRef(const char* path) : FileRef(std::filesystem::path(path)) {}  // NOLINT
  // `name` inside the directory open as `dir` (a descriptor on POSIX, a HANDLE on Windows), which
  // must stay open while the file is used. std::invalid_argument unless `name` is a plain file
  // name (no directory separator, not "." or "..").
  FileRef(NativeHandle dir, const std::filesystem::path& name, const std::filesystem::path& shown)
      : dir_(dir), path_(name), name_(display(name)), shown_(display(shown)) {
    if (!is_open_handle(dir) || name.empty() || name == "." || name == ".." ||
        name.has_root_path() || name.has_parent_path())
      throw std::invalid_argument("test file \"" + name_ +
                                  "\": needs an open directory and a plain file name");
  }

  // Whether the file is named relative to dir() rather than by a path.
  bool in_directory() const { return dir_ != kWorkingDirectory; }
  // The directory the name is relative to; for a path, kWorkingDirectory (AT_FDCWD on POSIX).
  NativeHandle dir() const { return dir_; }
  NativeHandle dir_fd() const { return dir_; }  // the POSIX spelling its Linux callers use
  // What the open is given, as the platform spells it (wide on Windows).
  const std::filesystem::path& native_name() const { return path_; }
  const std::string& name() const { return name_; }  // the same, as UTF-8 text
  const std::string& shown() const { return shown_; }

 private:
  // A path's text for messages: UTF-8 on every platform (Windows paths are wide).
  static std::string display(const std::filesystem::path& path) {
    const std::u8string text = path.u8string();
    return std::string(text.begin(), text.end());
  }

  NativeHandle dir_ = kWorkingDirectory;
  std::filesystem::path path_;
  std::string name_;
  std::string shown_;
};

}  // namespace iogate
