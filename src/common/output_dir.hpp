// The platform half of the safe writer (output_file.cpp): an output directory held open once
// verified, and the files made in it by name relative to that handle, never through a path that
// could be swapped for a link between the check and the write. One implementation per platform
// (output_dir_posix.cpp: descriptors, openat, renameat2; output_dir_windows.cpp: handles,
// NtCreateFile relative to the directory, rename by handle).
#pragma once

#include <filesystem>
#include <memory>
#include <string_view>

namespace iogate::detail {

enum class EntryKind { none, directory, other };

class TemporaryFile;

class OutputDir {
 public:
  // Opens the existing directory `dir`. Throws UnsafeOutputError when the platform's trust rule
  // refuses it (on Linux, root writing where another user can rename), std::system_error when it
  // cannot be opened.
  explicit OutputDir(const std::filesystem::path& dir);
  ~OutputDir();
  OutputDir(OutputDir&&) noexcept;
  OutputDir& operator=(OutputDir&&) noexcept;

  // What `name` (a plain file name) is in the directory, not following a link.
  EntryKind kind_of(const std::filesystem::path& name) const;
  // A new file with a random name in the directory holding `content`, on the disk; `shown` (the
  // target) names it in errors.
  TemporaryFile write_temporary(std::string_view content, const std::filesystem::path& shown);
  // The directory's new names on the disk too (a no-op where the platform keeps them so).
  void sync() const;

  class Native;

 private:
  std::unique_ptr<Native> native_;
};

// A file written by OutputDir::write_temporary: moved to its name, or removed when dropped.
class TemporaryFile {
 public:
  ~TemporaryFile();
  TemporaryFile(TemporaryFile&&) noexcept;
  TemporaryFile& operator=(TemporaryFile&&) noexcept;

  // Renames it to `name` in its directory, replacing a file there when `replace`; false when
  // `replace` is not given and `name` exists (it stays a temporary file).
  bool move_to(const std::filesystem::path& name, bool replace);

  class Native;
  explicit TemporaryFile(std::unique_ptr<Native> native);

 private:
  std::unique_ptr<Native> native_;
};

}  // namespace iogate::detail
