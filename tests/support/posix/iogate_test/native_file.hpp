// A file opened the platform's own way, for tests that hand a backend a handle directly (the
// POSIX one: a descriptor from open(2)). tests/support/windows/ has the Windows counterpart; the
// build puts the platform's directory on the include path.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <system_error>
#include <utility>

#include "iogate/engine/native_handle.hpp"

namespace iogate::test {

enum class Access { read_only, read_write };

// The errno of a write through a handle opened read-only.
inline constexpr int kWriteToReadOnlyErrno = EBADF;

class NativeFile {
 public:
  NativeFile(const std::filesystem::path& path, Access access)
      : fd_(::open(path.c_str(), (access == Access::read_only ? O_RDONLY : O_RDWR) | O_CLOEXEC)) {
    if (fd_ < 0) throw std::system_error(errno, std::generic_category(), "open " + path.string());
  }
  ~NativeFile() { close(); }
  NativeFile(const NativeFile&) = delete;
  NativeFile& operator=(const NativeFile&) = delete;

  NativeHandle get() const { return fd_; }
  void close() {
    if (fd_ >= 0) ::close(std::exchange(fd_, -1));
  }

 private:
  int fd_ = -1;
};

// A directory held open, for FileRef(dir, name, shown).
class NativeDir {
 public:
  explicit NativeDir(const std::filesystem::path& path)
      : fd_(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {
    if (fd_ < 0) throw std::system_error(errno, std::generic_category(), "open " + path.string());
  }
  ~NativeDir() { ::close(fd_); }
  NativeDir(const NativeDir&) = delete;
  NativeDir& operator=(const NativeDir&) = delete;
  NativeHandle get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace iogate::test
