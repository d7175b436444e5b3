// The safe writer's directory on POSIX: a descriptor reached by the path policy (path_policy.hpp,
// held for the run), files made with openat(O_CREAT | O_EXCL | O_NOFOLLOW) and renamed with
// renameat2.
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "iogate/common/output_file.hpp"
#include "output_dir.hpp"
#include "path_policy.hpp"
#include "path_trust.hpp"
#include "read_file_at.hpp"
#include "switches.hpp"
#include "unique_fd.hpp"

namespace iogate::detail {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(int error, const std::string& what, const fs::path& path) {
  throw std::system_error(error, std::generic_category(), what + " " + path.string());
}

bool shared_output_allowed() { return env_switch("IOGATE_ALLOW_SHARED_OUTPUT"); }

[[noreturn]] void refuse_unsafe(const fs::path& dir, const UntrustedPathError& e) {
  const UntrustedDirectory& found = e.found();
  if (e.link())
    throw UnsafeOutputError(
        fmt::format("output directory {}: {} is {}, as the kernel's protected_symlinks rule has it",
                    dir.string(), found.dir.string(), found.why));
  const std::string where =
      found.dir == dir ? ""
                       : fmt::format(": the directory {} on the way to it", found.dir.string());
  throw UnsafeOutputError(fmt::format(
      "output directory {}{} is {}, and iogate runs as root: another user could swap what root "
      "writes there for a symlink. Write into a directory only root can change (chown root, "
      "chmod go-w or +t), or, if it is shared on purpose, set IOGATE_ALLOW_SHARED_OUTPUT=1",
      dir.string(), where, found.why));
}

// The directories this process's outputs go into, each resolved once (path_policy.hpp) and held
// for the rest of the run: the check before a long run resolves them, and the writes after it go
// through the descriptors held then. A directory swapped for a link in between (possible where
// the caller opted into a shared directory) redirects nothing. A directory removed since
// (no links left) is forgotten: a new one of that name is another directory.
class HeldDirs {
 public:
  static HeldDirs& instance() {
    static HeldDirs held;
    return held;
  }

  ResolvedDir resolve(const fs::path& dir, Missing missing) {
    const std::vector<std::string> names = path_components(dir);
    const PathRules rules{.root_rule = !shared_output_allowed()};
    const std::lock_guard<std::mutex> lock(mutex_);
    const ResolvedDir* start = deepest(rules, names);
    ResolvedDir found;
    try {
      found = resolve_directory(dir, missing, rules, start);
    } catch (const UntrustedPathError& e) {
      refuse_unsafe(dir, e);
    }
    if (found.resumable) {
      held_[{rules.root_rule,
             {names.begin(), names.begin() + static_cast<long>(found.components)}}] = copy(found);
    }
    return found;
  }

 private:
  static ResolvedDir copy(const ResolvedDir& d) {
    const int fd = ::fcntl(d.fd.get(), F_DUPFD_CLOEXEC, 0);
    if (fd < 0) fail(errno, "dup", d.shown);
    return {UniqueFd(fd), d.shown, d.components, d.resumable, d.rest};
  }

  // The held directory for the longest leading part of `names`, if any still exists, resolved by
  // the same rules (one process could be asked for both, under a test).
  const ResolvedDir* deepest(const PathRules& rules, const std::vector<std::string>& names) {
    for (std::size_t n = names.size() + 1; n-- > 0;) {
      const auto it =
          held_.find({rules.root_rule, {names.begin(), names.begin() + static_cast<long>(n)}});
      if (it == held_.end()) continue;
      struct stat st {};
      if (::fstat(it->second.fd.get(), &st) == 0 && st.st_nlink > 0) return &it->second;
      held_.erase(it);
    }
    return nullptr;
  }

  std::mutex mutex_;
  std::map<std::pair<bool, std::vector<std::string>>, ResolvedDir> held_;
};

std::string random_name() {
  unsigned char bytes[8];
  std::size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(errno, "getrandom", "");
    got += static_cast<std::size_t>(n);
  }
  std::string name = ".iogate-";
  for (const unsigned char b : bytes) name += fmt::format("{:02x}", b);
  return name + ".tmp";
}

void write_all(int fd, std::string_view text, const fs::path& path) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(errno, "write", path);
    text.remove_prefix(static_cast<std::size_t>(n));
  }
}

}  // namespace

class OutputDir::Native {
 public:
  UniqueFd fd;
};

class TemporaryFile::Native {
 public:
  int dir = -1;      // the OutputDir's descriptor, which outlives this file
  std::string name;  // in `dir`, empty once renamed
  fs::path target;
};

OutputDir::OutputDir(const fs::path& dir, bool make_missing) : native_(std::make_unique<Native>()) {
  const ResolvedDir found =
      HeldDirs::instance().resolve(dir, make_missing ? Missing::make : Missing::stop);
  if (!found.rest.empty()) fail(ENOENT, "open", dir);
  native_->fd = open_for_use(found);
}

std::optional<OutputDir> OutputDir::if_exists(const fs::path& dir) {
  if (!HeldDirs::instance().resolve(dir, Missing::stop).rest.empty()) return std::nullopt;
  return OutputDir(dir);
}
OutputDir::~OutputDir() = default;
OutputDir::OutputDir(OutputDir&&) noexcept = default;
OutputDir& OutputDir::operator=(OutputDir&&) noexcept = default;

std::optional<std::string> unfit_output_name(const fs::path&) { return std::nullopt; }

EntryKind OutputDir::kind_of(const fs::path& name) const {
  const int dir = native_->fd.get();
  struct stat st {};
  if (::fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
    if (errno != ENOENT) fail(errno, "stat", name);
    return EntryKind::none;
  }
  if (S_ISLNK(st.st_mode)) {
    // Replaced, never written through; but a link to a descriptor (/dev/stderr ->
    // /proc/self/fd/2) or to a device is not the user's file, whatever it leads to now.
    char target[6] = {};
    if (::readlinkat(dir, name.c_str(), target, sizeof target) == sizeof target &&
        std::string_view(target, sizeof target) == "/proc/")
      return EntryKind::special;
    if (::fstatat(dir, name.c_str(), &st, 0) != 0) return EntryKind::other;  // dangling
  }
  if (S_ISDIR(st.st_mode)) return EntryKind::directory;
  return S_ISREG(st.st_mode) || S_ISLNK(st.st_mode) ? EntryKind::other : EntryKind::special;
}

TemporaryFile OutputDir::write_temporary(std::string_view content, const fs::path& shown) {
  auto tmp = std::make_unique<TemporaryFile::Native>();
  tmp->dir = native_->fd.get();
  tmp->target = shown;
  UniqueFd file;
  for (int attempt = 0; !file.valid(); ++attempt) {
    std::string name = random_name();
    const int fd = ::openat(tmp->dir, name.c_str(),
                            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd >= 0) {
      file = UniqueFd(fd);
      tmp->name = std::move(name);
    } else if (errno != EEXIST || attempt == 8) {
      fail(errno, "create a file beside", shown);
    }
  }
  TemporaryFile result(std::move(tmp));  // from here on, removed if anything fails
  write_all(file.get(), content, shown);
  if (::fsync(file.get()) != 0) fail(errno, "fsync", shown);
  if (file.close() != 0) fail(errno, "close", shown);
  return result;
}

void OutputDir::sync() const { ::fsync(native_->fd.get()); }

std::vector<std::string> OutputDir::regular_files() const {
  const int fd = ::fcntl(native_->fd.get(), F_DUPFD_CLOEXEC, 0);
  if (fd < 0) fail(errno, "dup", "");
  DIR* listing = ::fdopendir(fd);
  if (listing == nullptr) {
    const int error = errno;
    ::close(fd);
    fail(error, "list", "");
  }
  ::rewinddir(listing);
  std::vector<std::string> names;
  while (const dirent* entry = ::readdir(listing)) {
    struct stat st {};
    if (::fstatat(native_->fd.get(), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
        S_ISREG(st.st_mode))
      names.emplace_back(entry->d_name);
  }
  ::closedir(listing);
  return names;
}

std::string OutputDir::read(const fs::path& name, std::uint64_t max_bytes, const char* what,
                            const fs::path& shown) const {
  return read_regular_file_at(native_->fd.get(), name, max_bytes, what, shown);
}

void OutputDir::remove(const fs::path& name, const fs::path& shown) const {
  if (::unlinkat(native_->fd.get(), name.c_str(), 0) != 0) fail(errno, "remove", shown);
}

TemporaryFile::TemporaryFile(std::unique_ptr<Native> native) : native_(std::move(native)) {}
TemporaryFile::~TemporaryFile() {
  if (native_ && !native_->name.empty()) ::unlinkat(native_->dir, native_->name.c_str(), 0);
}
TemporaryFile::TemporaryFile(TemporaryFile&&) noexcept = default;
TemporaryFile& TemporaryFile::operator=(TemporaryFile&&) noexcept = default;

bool TemporaryFile::move_to(const fs::path& name, bool replace) {
  const int dir = native_->dir;
  const char* from = native_->name.c_str();
  if (replace) {
    if (::renameat(dir, from, dir, name.c_str()) != 0) fail(errno, "rename to", native_->target);
  } else if (::renameat2(dir, from, dir, name.c_str(), RENAME_NOREPLACE) != 0) {
    int err = errno;
    // Filesystems without RENAME_NOREPLACE: link + unlink refuses an existing name just as well.
    if ((err == EINVAL || err == ENOSYS) && ::linkat(dir, from, dir, name.c_str(), 0) == 0) {
      ::unlinkat(dir, from, 0);
      native_->name.clear();
      return true;
    }
    if (err == EINVAL || err == ENOSYS) err = errno;
    if (err == EEXIST) return false;
    fail(err, "rename to", native_->target);
  }
  native_->name.clear();
  return true;
}

}  // namespace iogate::detail
