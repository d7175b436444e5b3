#include "path_policy.hpp"

#include <fcntl.h>
#include <limits.h>
#include <linux/magic.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <deque>
#include <optional>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "accounts.hpp"
#include "posix_error.hpp"

namespace iogate::detail {
namespace {

namespace fs = std::filesystem;

// As the kernel's own path walk (its MAXSYMLINKS).
constexpr int kMaxLinks = 40;
// A name that keeps changing kind under us (made, then swapped) is given up on after this many
// looks: someone is racing the walk.
constexpr int kMaxRetries = 8;

// One component still to walk: a name of the path asked for (`index` its position) or of a link's
// target (index -1).
struct Part {
  std::string name;
  long index;
};

UniqueFd open_path(int at, const char* name, int flags, const fs::path& shown) {
  const int fd = ::openat(at, name, flags | O_PATH | O_CLOEXEC);
  if (fd < 0) throw_errno("open", shown);
  return UniqueFd(fd);
}

struct stat stat_of(int fd, const fs::path& shown) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw_errno("fstat", shown);
  return st;
}

std::string read_link(int link_fd, const fs::path& shown) {
  std::string target(PATH_MAX, '\0');
  const ssize_t n = ::readlinkat(link_fd, "", target.data(), target.size());
  if (n < 0) throw_errno("readlink", shown);
  if (static_cast<std::size_t>(n) >= target.size()) throw_errno(ENAMETOOLONG, "readlink", shown);
  target.resize(static_cast<std::size_t>(n));
  return target;
}

// Whether nothing is left to walk after the current name but the markers of components reached:
// the name is the last one of the path.
bool nothing_after(const std::deque<Part>& parts) {
  return std::all_of(parts.begin(), parts.end(),
                     [](const Part& p) { return p.name.empty() || p.name == "."; });
}

bool on_procfs(int fd) {
  struct statfs fs {};
  return ::fstatfs(fd, &fs) == 0 && fs.f_type == PROC_SUPER_MAGIC;
}

// The components of `names` from `from` on, each with its position.
std::deque<Part> parts_of(const std::vector<std::string>& names, std::size_t from) {
  std::deque<Part> parts;
  for (std::size_t i = from; i < names.size(); ++i)
    parts.push_back({names[i], static_cast<long>(i)});
  return parts;
}

class Walk {
 public:
  // With `leaf_flags`, the walk is for a file (open_file): its last name may be something other
  // than a directory, opened with those flags.
  Walk(const PathRules& rules, Missing missing, std::optional<int> leaf_flags = std::nullopt)
      : rules_(rules), missing_(missing), leaf_flags_(leaf_flags) {}

  // The file open_file() asked for, when the walk ended on one rather than on a directory.
  UniqueFd& leaf() { return leaf_; }
  const fs::path& leaf_shown() const { return leaf_shown_; }

  ResolvedDir run(std::deque<Part> parts, UniqueFd start, fs::path shown, std::size_t reached) {
    enter(std::move(start), std::move(shown));
    std::size_t components = reached;
    int retries = 0;
    while (!parts.empty()) {
      const Part part = parts.front();
      parts.pop_front();
      if (part.name.empty() || part.name == ".") {
        if (part.index >= 0) components = static_cast<std::size_t>(part.index) + 1;
        continue;
      }
      if (part.name == "..") {
        fs::path up = shown_.parent_path();
        enter(open_path(fd_.get(), "..", O_DIRECTORY, shown_ / ".."), std::move(up));
        if (part.index >= 0) components = static_cast<std::size_t>(part.index) + 1;
        continue;
      }
      const fs::path next = shown_ / part.name;
      struct stat st {};
      if (::fstatat(fd_.get(), part.name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        if (errno != ENOENT) throw_errno("stat", next);
        if (missing_ == Missing::stop) return stopped(part, parts, components);
        // A link's target is not made: mkdir -p does not create through a dangling link either.
        if (part.index < 0) throw_errno(ENOENT, "open", next);
        if (::mkdirat(fd_.get(), part.name.c_str(), 0777) != 0 && errno != EEXIST)
          throw_errno("create directory", next);
        retry(retries, next);
        parts.push_front(part);  // looked at again: a link swapped in is judged as one
        continue;
      }
      if (S_ISLNK(st.st_mode)) {
        if (follow(part, parts, next)) break;  // a descriptor's link, opened by the kernel
        continue;                              // reached once its target is (its marker)
      }
      if (S_ISDIR(st.st_mode)) {
        const int fd =
            ::openat(fd_.get(), part.name.c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0 && (errno == ELOOP || errno == ENOTDIR || errno == ENOENT)) {
          retry(retries, next);  // changed since the stat: look again
          parts.push_front(part);
          continue;
        }
        if (fd < 0) throw_errno("open", next);
        enter(UniqueFd(fd), next);
        retries = 0;
      } else if (leaf_flags_ && nothing_after(parts)) {
        if (open_leaf(part, next, *leaf_flags_ | O_NOFOLLOW)) break;
        retry(retries, next);  // a link took its name since the stat: judged as one
        parts.push_front(part);
        continue;
      } else {
        throw_errno(ENOTDIR, "open directory", next);
      }
      if (part.index >= 0) components = static_cast<std::size_t>(part.index) + 1;
    }
    return {std::move(fd_), shown_, components, true, {}};
  }

 private:
  // Holds `fd` as the directory the walk is in, after the root rule.
  void enter(UniqueFd fd, fs::path shown) {
    fd_ = std::move(fd);
    shown_ = std::move(shown);
    dir_ = stat_of(fd_.get(), shown_);
    if (!rules_.root_rule) return;
    if (auto why = trust_problem(dir_, ::geteuid()))
      throw UntrustedPathError({shown_, *why}, false);
  }

  // The link `part` in the current directory: judged, then its target walked in its place; true
  // when it was the file the walk is for, a descriptor's link the kernel opened instead.
  bool follow(const Part& part, std::deque<Part>& parts, const fs::path& link) {
    const UniqueFd held = open_path(fd_.get(), part.name.c_str(), O_NOFOLLOW, link);
    const struct stat st = stat_of(held.get(), link);
    if (!S_ISLNK(st.st_mode)) {  // changed since the stat: look again
      parts.push_front(part);
      return false;
    }
    if (auto why = link_problem(dir_, st.st_uid, ::geteuid()))
      throw UntrustedPathError({link, *why}, true);
    // /proc/<pid>/fd/<n> and its kind name an open file, not a path ("pipe:[4242]"); only the
    // process's owner and root can make one.
    if (leaf_flags_ && nothing_after(parts) && on_procfs(fd_.get()))
      return open_leaf(part, link, *leaf_flags_);
    if (++links_ > kMaxLinks) throw_errno(ELOOP, "open", link);
    const std::string target = read_link(held.get(), link);
    // The rest of the path asked for resumes after the target's components; the link counts as
    // reached once its whole target is.
    const fs::path t(target);
    if (part.index >= 0) parts.push_front({".", part.index});
    std::vector<Part> expanded;
    for (const fs::path& c : t.relative_path()) expanded.push_back({c.string(), -1});
    parts.insert(parts.begin(), expanded.begin(), expanded.end());
    if (t.is_absolute()) enter(open_path(AT_FDCWD, "/", O_DIRECTORY, "/"), "/");
    return false;
  }

  // Opens `part`, the path's last name, as the file the walk is for; false when, opened with
  // O_NOFOLLOW, a link has taken its name since it was looked at.
  bool open_leaf(const Part& part, const fs::path& shown, int flags) {
    const int fd = ::openat(fd_.get(), part.name.c_str(), flags | O_CLOEXEC);
    if (fd < 0 && errno == ELOOP && (flags & O_NOFOLLOW) != 0) return false;
    if (fd < 0) throw_errno("open", shown);
    leaf_ = UniqueFd(fd);
    leaf_shown_ = shown;
    return true;
  }

  ResolvedDir stopped(const Part& part, std::deque<Part>& parts, std::size_t components) {
    // Stopped inside a link's target, the directory held is not the one the path's first
    // `components` name: it cannot be resumed from.
    ResolvedDir out{std::move(fd_), shown_, components, part.index >= 0, {part.name}};
    for (const Part& p : parts) out.rest.push_back(p.name);
    return out;
  }

  static void retry(int& retries, const fs::path& next) {
    if (++retries > kMaxRetries)
      throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again),
                              next.string() + " keeps changing while it is opened");
  }

  PathRules rules_;
  Missing missing_;
  std::optional<int> leaf_flags_;
  UniqueFd leaf_;
  fs::path leaf_shown_;
  UniqueFd fd_;
  fs::path shown_;
  struct stat dir_ {};
  int links_ = 0;
};

}  // namespace

std::optional<std::string> link_problem(const struct stat& dir, uid_t link_uid, uid_t euid) {
  if ((dir.st_mode & (S_IWGRP | S_IWOTH)) == 0) return std::nullopt;
  if (link_uid == 0 || link_uid == euid || link_uid == dir.st_uid) return std::nullopt;
  return fmt::format(
      "a symbolic link owned by uid {} in a directory others can write (mode {:04o}, owned by "
      "uid {}); a link there is followed only when root, the user running iogate or the "
      "directory's owner made it",
      user_label(link_uid), dir.st_mode & 07777, user_label(dir.st_uid));
}

std::vector<std::string> path_components(const fs::path& path) {
  std::vector<std::string> out;
  for (const fs::path& c : fs::absolute(path).lexically_normal().relative_path())
    if (!c.empty()) out.push_back(c.string());
  return out;
}

ResolvedDir resolve_directory(const fs::path& path, Missing missing, const PathRules& rules,
                              const ResolvedDir* start) {
  const std::vector<std::string> names = path_components(path);
  const std::size_t from = start ? start->components : 0;
  std::deque<Part> parts = parts_of(names, from);
  Walk walk(rules, missing);
  if (start) {
    const int fd = ::fcntl(start->fd.get(), F_DUPFD_CLOEXEC, 0);
    if (fd < 0) throw_errno("dup", start->shown);
    return walk.run(std::move(parts), UniqueFd(fd), start->shown, from);
  }
  return walk.run(std::move(parts), open_path(AT_FDCWD, "/", O_DIRECTORY, "/"), "/", 0);
}

OpenedFile open_file(const fs::path& path, int flags, const PathRules& rules) {
  Walk walk(rules, Missing::stop, flags);
  ResolvedDir reached = walk.run(parts_of(path_components(path), 0),
                                 open_path(AT_FDCWD, "/", O_DIRECTORY, "/"), "/", 0);
  if (walk.leaf().valid()) return {std::move(walk.leaf()), walk.leaf_shown()};
  if (!reached.rest.empty()) throw_errno(ENOENT, "open", path);
  return {std::move(reached.fd), reached.shown};
}

UniqueFd open_for_use(const ResolvedDir& dir) {
  const int fd = ::openat(dir.fd.get(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) throw_errno("open", dir.shown);
  return UniqueFd(fd);
}

}  // namespace iogate::detail
