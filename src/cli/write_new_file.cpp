#include "write_new_file.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <system_error>

namespace iogate::cli {
namespace {

std::system_error os_error(int err, const std::string& what, const std::filesystem::path& path) {
  return std::system_error(err, std::generic_category(), what + " " + path.string());
}

void write_all(int fd, std::string_view text, const std::filesystem::path& path) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw os_error(errno, "write", path);
    text.remove_prefix(static_cast<std::size_t>(n));
  }
}

// Moves tmp to target where nothing is. Filesystems without RENAME_NOREPLACE get link + unlink,
// which refuses an existing name just as well.
void move_into_place(const std::filesystem::path& tmp, const std::filesystem::path& target) {
  if (::renameat2(AT_FDCWD, tmp.c_str(), AT_FDCWD, target.c_str(), RENAME_NOREPLACE) == 0) return;
  int err = errno;
  if (err == EINVAL || err == ENOSYS) {
    if (::link(tmp.c_str(), target.c_str()) == 0) {
      ::unlink(tmp.c_str());
      return;
    }
    err = errno;
  }
  if (err == EEXIST)
    throw FileExistsError(target.string() + ": exists; give --force to replace it");
  throw os_error(err, "rename to", target);
}

}  // namespace

void write_new_file(const std::filesystem::path& target, std::string_view text, bool replace) {
  std::error_code ec;
  if (std::filesystem::is_directory(target, ec)) throw os_error(EISDIR, "write", target);
  if (!replace &&
      std::filesystem::symlink_status(target, ec).type() != std::filesystem::file_type::not_found &&
      !ec)
    throw FileExistsError(target.string() + ": exists; give --force to replace it");
  std::string tmp = target.string() + ".XXXXXX";
  const int fd = ::mkstemp(tmp.data());
  // mkstemp may have filled in the X's by the time it fails: name the target instead.
  if (fd < 0) throw os_error(errno, "create a file beside", target);
  bool still_open = true;
  try {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    if (::fchmod(fd, 0666 & ~mask) != 0) throw os_error(errno, "chmod", tmp);
    write_all(fd, text, tmp);
    if (::fsync(fd) != 0) throw os_error(errno, "fsync", tmp);
    still_open = false;
    if (::close(fd) != 0) throw os_error(errno, "close", tmp);
  } catch (...) {
    if (still_open) ::close(fd);
    ::unlink(tmp.c_str());
    throw;
  }
  try {
    if (replace) {
      if (::rename(tmp.c_str(), target.c_str()) != 0) throw os_error(errno, "rename to", target);
    } else {
      move_into_place(tmp, target);
    }
  } catch (...) {
    ::unlink(tmp.c_str());
    throw;
  }
}

}  // namespace iogate::cli
