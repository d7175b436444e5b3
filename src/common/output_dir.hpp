// The platform half of the safe writer (output_file.cpp): an output directory held open once
// verified, and the files made, read or removed in it by name relative to that handle, never
// through a path that could be swapped for a link between the check and the write. One
// implementation per platform (output_dir_posix.cpp: descriptors, openat, renameat2;
// output_dir_windows.cpp: handles, NtCreateFile relative to the directory, rename by handle).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iogate::detail {

// `special`: a device, FIFO or socket, or a link to one (or to a process's descriptor, as
// /dev/stderr is): never replaced by a regular file.
enum class EntryKind { none, directory, special, other };

class TemporaryFile;

// Why `target` can never name an output file on this platform, or nothing. On Windows: a device
// (NUL, CON, COM1.xml as any component, \\.\..., \\?\GLOBALROOT\...), an alternate data stream
// (name:stream), a last name ending in a dot or a space (made as such relative to a handle, a
// file the Win32 tools cannot open), a drive-relative path (C:x, a current directory per drive).
// Never on POSIX, where a device is known by what is at the name (kind_of). Looks at the text
// only, before anything is opened.
std::optional<std::string> unfit_output_name(const std::filesystem::path& target);

// The directory `dir` when it exists, else its nearest existing ancestor; a regular file on the
// way is a std::system_error naming it ("write into x", "create directory x/y in x"). Looks by
// path, for its message only: what is written goes through OutputDir.
std::filesystem::path existing_base(const std::filesystem::path& dir);

class OutputDir {
 public:
  // Opens the directory `dir`, made first with the missing directories on the way when
  // `make_missing`. Throws UnsafeOutputError when the platform's trust rule refuses it (on Linux,
  // path_policy.hpp: root writing where another user can rename, a link another user planted),
  // std::system_error when it cannot be opened or made.
  explicit OutputDir(const std::filesystem::path& dir, bool make_missing = false);
  // The directory `dir` when it exists; nothing when it does not yet (the part of it that does was
  // held to the same rule). Throws as the constructor does.
  static std::optional<OutputDir> if_exists(const std::filesystem::path& dir);
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
  // The names of the regular files in the directory, links left out.
  std::vector<std::string> regular_files() const;
  // The regular file `name` in the directory, not through a link, up to `max_bytes`
  // (FileReadError as read_regular_file, naming `shown`).
  std::string read(const std::filesystem::path& name, std::uint64_t max_bytes, const char* what,
                   const std::filesystem::path& shown) const;
  // Removes the file `name` from the directory.
  void remove(const std::filesystem::path& name, const std::filesystem::path& shown) const;

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
