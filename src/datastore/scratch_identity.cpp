#include "scratch_identity.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <system_error>

#include <fmt/format.h>

#include "common/posix_error.hpp"

namespace iogate::detail {
namespace {

[[noreturn]] void not_ours(const std::filesystem::path& shown, const std::string& why) {
  throw std::system_error(EEXIST, std::generic_category(),
                          fmt::format("scratch directory {} is not the directory iogate made: {} "
                                      "(somebody with write access to the datastore replaced it?)",
                                      shown.string(), why));
}

bool is_empty(int dir_fd, const std::filesystem::path& shown) {
  const int copy = dup(dir_fd);
  if (copy < 0) throw_errno("dup", shown);
  DIR* dir = fdopendir(copy);
  if (dir == nullptr) {
    const int error = errno;
    close(copy);
    throw_errno(error, "fdopendir", shown);
  }
  rewinddir(dir);
  bool empty = true;
  while (const dirent* entry = readdir(dir)) {
    const std::string name = entry->d_name;
    if (name != "." && name != "..") empty = false;
  }
  closedir(dir);
  return empty;
}

}  // namespace

void verify_made_dir(int store_fd, const std::string& name, int dir_fd,
                     const std::filesystem::path& shown) {
  struct stat held {};
  struct stat store {};
  struct stat named {};
  if (fstat(dir_fd, &held) != 0) throw_errno("fstat", shown);
  if (fstat(store_fd, &store) != 0) throw_errno("fstat", shown.parent_path());
  if (!S_ISDIR(held.st_mode)) not_ours(shown, "not a directory");
  if (held.st_dev != store.st_dev) not_ours(shown, "on another filesystem than the datastore");
  if (held.st_uid != geteuid())
    not_ours(shown, fmt::format("owned by uid {}, not {}", held.st_uid, geteuid()));
  if ((held.st_mode & 077) != 0)
    not_ours(shown, fmt::format("mode {:04o}, not private", held.st_mode & 07777));
  if (fstatat(store_fd, name.c_str(), &named, AT_SYMLINK_NOFOLLOW) != 0) {
    if (errno == ENOENT) not_ours(shown, "renamed away");
    throw_errno("stat", shown);
  }
  if (named.st_dev != held.st_dev || named.st_ino != held.st_ino)
    not_ours(shown, "its name now names another entry");
  if (!is_empty(dir_fd, shown)) not_ours(shown, "not empty");
}

}  // namespace iogate::detail
