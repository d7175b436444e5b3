// A directory of the datastore named like a scratch area, held open while the stale sweep
// (stale_cleanup.cpp, written once) decides whether to remove it: the few directory primitives
// the sweep needs, one implementation per platform. On POSIX the directory is a descriptor opened
// with O_NOFOLLOW and each entry is named relative to it (stale_cleanup_posix.cpp); on Windows
// the directory and then each entry are handles opened without following a reparse point and
// without FILE_SHARE_DELETE, and each entry is deleted through its own handle
// (stale_cleanup_windows.cpp).
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "iogate/engine/native_handle.hpp"

namespace iogate::detail {

class StaleCandidate {
 public:
  // Opens `name` in the datastore open as `store` (`path` is for messages). Not opened() when the
  // name is not a directory iogate could have made (a link, a file), is gone, or, on Windows, is
  // held by a live run. Throws std::system_error on any other failure.
  StaleCandidate(NativeHandle store, std::string name, std::filesystem::path path);
  ~StaleCandidate();
  StaleCandidate(const StaleCandidate&) = delete;
  StaleCandidate& operator=(const StaleCandidate&) = delete;

  bool opened() const { return dir_ != kNoHandle; }
  NativeHandle handle() const { return dir_; }

  // Whether `entry` (at `path`) is something iogate makes in a scratch directory: anything but a
  // directory (a link inside is removed itself, never followed). On Windows the entry stays open
  // for its removal from here on.
  bool hold_entry(const std::string& entry, const std::filesystem::path& path);
  // Removes `entry`, itself and never what it points to; one already gone is fine.
  void remove_entry(const std::string& entry, const std::filesystem::path& path);
  // Removes the emptied directory; false when another run's sweep removed it first.
  bool remove_dir();

 private:
  NativeHandle store_;
  std::string name_;
  std::filesystem::path path_;
  NativeHandle dir_ = kNoHandle;
  std::vector<std::pair<std::string, NativeHandle>> held_;  // Windows: entries open for deletion
};

}  // namespace iogate::detail
