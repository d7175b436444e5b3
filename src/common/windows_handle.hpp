// Windows only: a HANDLE closed when it goes out of scope, Win32 errors as std::system_error, and
// the Windows counterpart of openat(dir_fd, name, O_NOFOLLOW): a name opened relative to a
// directory handle the caller verified, never following a reparse point (junction, symlink,
// mount point), so no path string is looked up again after the check.
#pragma once

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

namespace iogate::detail {

class UniqueHandle {
 public:
  UniqueHandle() = default;
  explicit UniqueHandle(HANDLE h) : h_(h == INVALID_HANDLE_VALUE ? nullptr : h) {}
  ~UniqueHandle() { reset(); }
  UniqueHandle(UniqueHandle&& other) noexcept : h_(std::exchange(other.h_, nullptr)) {}
  UniqueHandle& operator=(UniqueHandle&& other) noexcept {
    if (this != &other) {
      reset();
      h_ = std::exchange(other.h_, nullptr);
    }
    return *this;
  }
  UniqueHandle(const UniqueHandle&) = delete;
  UniqueHandle& operator=(const UniqueHandle&) = delete;

  HANDLE get() const { return h_; }
  bool valid() const { return h_ != nullptr; }
  HANDLE release() { return std::exchange(h_, nullptr); }
  void reset() {
    if (h_ != nullptr) ::CloseHandle(std::exchange(h_, nullptr));
  }

 private:
  HANDLE h_ = nullptr;
};

// "<what> <path>: <the system's words>", with the Win32 error code (GetLastError()).
[[noreturn]] void throw_win32(DWORD error, const std::string& what,
                              const std::filesystem::path& path = {});
[[noreturn]] inline void throw_last_error(const std::string& what,
                                          const std::filesystem::path& path = {}) {
  throw_win32(::GetLastError(), what, path);
}

// How open_relative treats an existing or missing name.
enum class Disposition {
  open,    // it must exist
  create,  // it must not exist: made new, exclusively
};

// What open_relative may open.
enum class EntryType { file, directory, any };

// How open_relative opens: `access` as for CreateFile (GENERIC_WRITE | DELETE ...); `type`
// refuses the other kind (ERROR_DIRECTORY, ERROR_ACCESS_DENIED); synchronous I/O unless
// `overlapped`; through the file cache unless `unbuffered` (FILE_FLAG_NO_BUFFERING's rules).
// `exclusive_name`: while the handle is open nobody else may rename or delete the entry (no
// FILE_SHARE_DELETE), so a directory held this way cannot be swapped for a junction. `security`:
// the security descriptor of an entry created (null: inherited from the directory).
struct RelativeOpen {
  ACCESS_MASK access = 0;
  Disposition disposition = Disposition::open;
  EntryType type = EntryType::file;
  bool overlapped = false;
  bool unbuffered = false;
  bool write_through = false;  // every write on stable storage before it completes
  bool exclusive_name = false;
  PSECURITY_DESCRIPTOR security = nullptr;
};

// `name` (a plain file name, no separators) inside the directory open as `dir`, opened without
// following a reparse point: if `name` is one, the reparse point itself is opened and
// is_reparse_point() says so. Throws std::system_error with the Win32 error
// (ERROR_FILE_NOT_FOUND, ERROR_FILE_EXISTS, ERROR_INVALID_PARAMETER for an unbuffered open the
// filesystem refuses ...) naming `shown`.
UniqueHandle open_relative(HANDLE dir, const std::wstring& name, const RelativeOpen& how,
                           const std::filesystem::path& shown);

// A path opened as a directory, never following a reparse point at its last component (which,
// if it is one, is refused with ERROR_CANT_ACCESS_FILE naming `path`).
UniqueHandle open_directory(const std::filesystem::path& path, ACCESS_MASK access);

// Deletes the entry open as `h` (which needs DELETE access): the entry itself, whatever its name
// is now; a directory must be empty (ERROR_DIR_NOT_EMPTY). Gone once every handle to it closes.
void delete_by_handle(HANDLE h, const std::filesystem::path& shown);

// Which file an open handle is, whatever its name: the volume's serial number and the file's
// index on it (as a device and inode number are on POSIX).
struct FileIdentity {
  DWORD volume = 0;
  ULONGLONG index = 0;
  bool operator==(const FileIdentity&) const = default;
};
FileIdentity file_identity(HANDLE h, const std::filesystem::path& shown);

// Whether an open handle is a reparse point, a directory.
bool is_reparse_point(HANDLE h, const std::filesystem::path& shown);
bool is_directory(HANDLE h, const std::filesystem::path& shown);

}  // namespace iogate::detail
