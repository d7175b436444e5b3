// A file opened the platform's own way, for tests that hand a backend a handle directly (the
// Windows one: an overlapped HANDLE from CreateFileW, as the engine gives its backends).
// tests/support/posix/ has the POSIX counterpart; the build puts the platform's directory on the
// include path.
#pragma once

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include <cerrno>
#include <filesystem>
#include <system_error>
#include <utility>

#include "iogate/engine/native_handle.hpp"

namespace iogate::test {

enum class Access { read_only, read_write };

// The errno of a write through a handle opened read-only (ERROR_ACCESS_DENIED).
inline constexpr int kWriteToReadOnlyErrno = EACCES;

class NativeFile {
 public:
  NativeFile(const std::filesystem::path& path, Access access)
      : h_(::CreateFileW(path.c_str(),
                         access == Access::read_only ? GENERIC_READ : GENERIC_READ | GENERIC_WRITE,
                         FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                         OPEN_EXISTING, FILE_FLAG_OVERLAPPED, nullptr)) {
    if (h_ == INVALID_HANDLE_VALUE) {
      throw std::system_error(static_cast<int>(::GetLastError()), std::system_category(),
                              "open " + path.string());
    }
  }
  ~NativeFile() { close(); }
  NativeFile(const NativeFile&) = delete;
  NativeFile& operator=(const NativeFile&) = delete;

  NativeHandle get() const { return h_; }
  void close() {
    if (h_ != INVALID_HANDLE_VALUE) ::CloseHandle(std::exchange(h_, INVALID_HANDLE_VALUE));
  }

 private:
  HANDLE h_;
};

// A directory held open, for FileRef(dir, name, shown): with FILE_SHARE_DELETE, so that it can
// be renamed while held, as a POSIX directory can.
class NativeDir {
 public:
  explicit NativeDir(const std::filesystem::path& path)
      : h_(::CreateFileW(path.c_str(), GENERIC_READ,
                         FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                         OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT,
                         nullptr)) {
    if (h_ == INVALID_HANDLE_VALUE) {
      throw std::system_error(static_cast<int>(::GetLastError()), std::system_category(),
                              "open " + path.string());
    }
  }
  ~NativeDir() { ::CloseHandle(h_); }
  NativeDir(const NativeDir&) = delete;
  NativeDir& operator=(const NativeDir&) = delete;
  NativeHandle get() const { return h_; }

 private:
  HANDLE h_;
};

}  // namespace iogate::test
