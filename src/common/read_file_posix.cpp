#include "read_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <system_error>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "accounts.hpp"
#include "path_policy.hpp"
#include "read_file_at.hpp"
#include "unique_fd.hpp"

namespace iogate {
namespace {

std::string os_words(int error) { return std::system_category().message(error); }

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

using detail::UniqueFd;

// Reads the regular file open as `fd` (opened as `path`, described by `st`) up to `max_bytes`.
std::string read_open_file(const UniqueFd& fd, const struct stat& st,
                           const std::filesystem::path& path, std::uint64_t max_bytes,
                           const char* what) {
  if (!S_ISREG(st.st_mode))
    throw FileReadError(path, fmt::format("is {}, expected {}", kind_of(st.st_mode), what));
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes)
    throw FileReadError(path, fmt::format("is {} bytes, larger than {} can be ({} bytes at most)",
                                          st.st_size, what, max_bytes));
  std::string text;
  text.reserve(static_cast<std::size_t>(st.st_size));
  std::array<char, 65536> buffer;
  for (;;) {
    const ssize_t n = ::read(fd.get(), buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw FileReadError(path, "cannot read: " + os_words(errno));
    if (n == 0) break;
    text.append(buffer.data(), static_cast<std::size_t>(n));
    // The file may grow while it is read (a writer appending): the limit still holds.
    if (text.size() > max_bytes)
      throw FileReadError(path, fmt::format("grew past {} bytes while being read", max_bytes));
  }
  return text;
}

// O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused after the fstat.
constexpr int kReadFlags = O_RDONLY | O_CLOEXEC | O_NONBLOCK;

// The file `name` in the directory open as `dir_fd`, not through a link; errors name `shown`.
UniqueFd open_in(int dir_fd, const std::filesystem::path& name,
                 const std::filesystem::path& shown) {
  const int raw = ::openat(dir_fd, name.c_str(), kReadFlags | O_NOFOLLOW);
  if (raw < 0 && errno == ELOOP)
    throw FileReadError(shown, "is a symbolic link; not followed out of the directory it is in");
  if (raw < 0) throw FileReadError(shown, "cannot open: " + os_words(errno));
  return UniqueFd(raw);
}

// Why a link on the way to `path` was not followed, from the path policy's link rule.
std::string untrusted_link(const std::filesystem::path& path, const UntrustedDirectory& link) {
  const std::string where = link.dir == std::filesystem::absolute(path).lexically_normal()
                                ? ""
                                : link.dir.string() + ", on the way to it, ";
  return fmt::format("{}is {}, as the kernel's protected_symlinks rule has it", where, link.why);
}

// The file `path` names, reached by the path policy (path_policy.hpp) with its link rule and
// not the root rule: a link someone else planted in a directory others can write (/tmp) is not
// followed, whoever runs iogate and whatever fs.protected_symlinks says, so root reads no file of
// its own through another user's link; a directory root does not own may hold its inputs. With
// Links::refuse, the last name is opened in its directory without following a link.
UniqueFd open_by_name(const std::filesystem::path& path, Links links) {
  if (std::optional<std::string> why = path_control_problem(path.string()))
    throw FileReadError(path, std::move(*why));
  const detail::PathRules rules{.root_rule = false};
  try {
    if (links == Links::follow) return detail::open_file(path, kReadFlags, rules).fd;
    const std::filesystem::path full = std::filesystem::absolute(path).lexically_normal();
    const detail::ResolvedDir dir =
        detail::resolve_directory(full.parent_path(), detail::Missing::stop, rules);
    if (!dir.rest.empty()) throw FileReadError(path, "cannot open: " + os_words(ENOENT));
    return open_in(dir.fd.get(), full.filename(), path);
  } catch (const detail::UntrustedPathError& e) {
    throw FileReadError(path, untrusted_link(path, e.found()));
  } catch (const std::system_error& e) {
    throw FileReadError(path, "cannot open: " + os_words(e.code().value()));
  }
}

// What a file being read is; a failure is the reader's error, naming the file.
struct stat stat_for_reading(const UniqueFd& fd, const std::filesystem::path& shown) {
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) throw FileReadError(shown, "cannot stat: " + os_words(errno));
  return st;
}

// Whether `uid` may read a file described by `st` by its mode bits, as the kernel decides for a
// process of that user (its primary and supplementary groups); root reads everything.
bool readable_by(uid_t uid, const struct stat& st) {
  if (uid == 0) return true;
  if (st.st_uid == uid) return (st.st_mode & S_IRUSR) != 0;
  if ((st.st_mode & S_IRGRP) != 0) {
    const std::vector<gid_t> groups = detail::user_groups(uid);
    if (std::find(groups.begin(), groups.end(), st.st_gid) != groups.end()) return true;
  }
  return (st.st_mode & S_IROTH) != 0;
}

// Filesystems that describe the machine and its processes rather than hold anyone's files.
bool on_kernel_filesystem(int fd) {
  struct statfs fs {};
  if (::fstatfs(fd, &fs) != 0) return false;
  switch (static_cast<unsigned long>(fs.f_type)) {
    case PROC_SUPER_MAGIC:
    case SYSFS_MAGIC:
    case DEBUGFS_MAGIC:
    case SECURITYFS_MAGIC:
    case TRACEFS_MAGIC:
    case EFIVARFS_MAGIC:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::string read_regular_file(const std::filesystem::path& path, std::uint64_t max_bytes,
                              const char* what, Links links) {
  const UniqueFd fd = open_by_name(path, links);
  return read_open_file(fd, stat_for_reading(fd, path), path, max_bytes, what);
}

namespace detail {

std::string read_regular_file_at(int dir_fd, const std::filesystem::path& name,
                                 std::uint64_t max_bytes, const char* what,
                                 const std::filesystem::path& shown) {
  const UniqueFd fd = open_in(dir_fd, name, shown);
  return read_open_file(fd, stat_for_reading(fd, shown), shown, max_bytes, what);
}

}  // namespace detail

std::vector<DirectoryEntry> list_directory(const std::filesystem::path& path) {
  const UniqueFd found = open_by_name(path, Links::follow);
  if (!S_ISDIR(stat_for_reading(found, path).st_mode))
    throw FileReadError(path, "is not a directory");
  UniqueFd fd(::openat(found.get(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!fd.valid()) throw FileReadError(path, "cannot open: " + os_words(errno));
  DIR* listing = ::fdopendir(fd.get());
  if (listing == nullptr) throw FileReadError(path, "cannot list: " + os_words(errno));
  const int dir = fd.release();  // the listing's now
  std::vector<DirectoryEntry> entries;
  while (const dirent* entry = ::readdir(listing)) {
    const std::string_view name = entry->d_name;
    if (name == "." || name == "..") continue;
    struct stat st {};
    DirectoryEntry::Kind kind = DirectoryEntry::Kind::other;
    if (::fstatat(dir, entry->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
      kind = DirectoryEntry::Kind::link;
    else if (S_ISREG(st.st_mode))
      kind = DirectoryEntry::Kind::regular;
    entries.push_back({std::string(name), kind});
  }
  ::closedir(listing);
  return entries;
}

InputText read_input_file(const std::filesystem::path& path, std::uint64_t max_bytes,
                          const char* what) {
  const UniqueFd fd = open_by_name(path, Links::follow);
  const struct stat st = stat_for_reading(fd, path);
  return {read_open_file(fd, st, path, max_bytes, what), (st.st_mode & S_IROTH) != 0};
}

InputText read_named_file(const std::filesystem::path& path, const std::filesystem::path& named_by,
                          std::uint64_t max_bytes, const char* what) {
  const UniqueFd fd = open_by_name(path, Links::follow);
  const struct stat st = stat_for_reading(fd, path);
  if (on_kernel_filesystem(fd.get()))
    throw FileReadError(path, fmt::format("is a file of the kernel's (/proc, /sys), expected {}; "
                                          "refused",
                                          what));
  struct stat naming {};
  if (::stat(named_by.c_str(), &naming) == 0 && S_ISREG(st.st_mode) &&
      !readable_by(naming.st_uid, st)) {
    throw FileReadError(path, fmt::format("uid {}, the owner of {}, may not read it; refused "
                                          "(a file may name only files its owner can read)",
                                          naming.st_uid, named_by.string()));
  }
  if (::getuid() != ::geteuid() && S_ISREG(st.st_mode) && !readable_by(::getuid(), st)) {
    throw FileReadError(
        path, fmt::format("uid {}, who runs iogate, may not read it; refused", ::getuid()));
  }
  return {read_open_file(fd, st, path, max_bytes, what), (st.st_mode & S_IROTH) != 0};
}

}  // namespace iogate
