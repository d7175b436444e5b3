// The safe writer's directory on POSIX: a descriptor checked by the trust rule of path_trust.hpp
// (for root), files made with openat(O_CREAT | O_EXCL | O_NOFOLLOW) and renamed with renameat2.
#include <fcntl.h>
#include <stdio.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "iogate/output_file.hpp"
#include "iogate/path_trust.hpp"
#include "output_dir.hpp"
#include "switches.hpp"
#include "unique_fd.hpp"

namespace iogate::detail {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(int error, const std::string& what, const fs::path& path) {
  throw std::system_error(error, std::generic_category(), what + " " + path.string());
}

bool shared_output_allowed() { return env_switch("IOGATE_ALLOW_SHARED_OUTPUT"); }

[[noreturn]] void refuse_unsafe(const fs::path& dir, const UntrustedDirectory& found) {
  const std::string where =
      found.dir == dir ? ""
                       : fmt::format(": the directory {} on the way to it", found.dir.string());
  throw UnsafeOutputError(fmt::format(
      "output directory {}{} is {}, and iogate runs as root: another user could swap what root "
      "writes there for a symlink. Write into a directory only root can change (chown root, "
      "chmod go-w or +t), or, if it is shared on purpose, set IOGATE_ALLOW_SHARED_OUTPUT=1",
      dir.string(), where, found.why));
}

void check_trust(int fd, const fs::path& dir) {
  if (::geteuid() != 0 || shared_output_allowed()) return;
  struct stat st {};
  if (::fstat(fd, &st) != 0) fail(errno, "fstat", dir);
  if (auto why = trust_problem(st, 0)) refuse_unsafe(dir, {dir, std::move(*why)});
  if (const auto found = untrusted_ancestor(dir)) refuse_unsafe(dir, *found);
}

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

OutputDir::OutputDir(const fs::path& dir) : native_(std::make_unique<Native>()) {
  native_->fd = UniqueFd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!native_->fd.valid()) fail(errno, "open", dir);
  check_trust(native_->fd.get(), dir);
}
OutputDir::~OutputDir() = default;
OutputDir::OutputDir(OutputDir&&) noexcept = default;
OutputDir& OutputDir::operator=(OutputDir&&) noexcept = default;

EntryKind OutputDir::kind_of(const fs::path& name) const {
  struct stat st {};
  if (::fstatat(native_->fd.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0)
    return S_ISDIR(st.st_mode) ? EntryKind::directory : EntryKind::other;
  if (errno != ENOENT) fail(errno, "stat", name);
  return EntryKind::none;
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
