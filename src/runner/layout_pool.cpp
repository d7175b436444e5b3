#include "iogate/runner/layout_pool.hpp"

#include "seconds_since.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <stdexcept>
#include <system_error>
#include <utility>

#include <fmt/format.h>

namespace iogate {
namespace {

namespace fs = std::filesystem;

// An open descriptor, closed on scope exit.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

[[noreturn]] void throw_errno(const char* what, const fs::path& path) {
  throw std::system_error(errno, std::generic_category(), std::string(what) + " " + path.string());
}

std::string read_small(int dir_fd, const std::string& name, const fs::path& shown) {
  const Fd fd(openat(dir_fd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
  if (fd.get() < 0) throw_errno("open", shown);
  std::string text;
  char buf[1024];
  for (;;) {
    const ssize_t n = ::read(fd.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw_errno("read", shown);
    if (n == 0 || text.size() > 16 * 1024) break;
    text.append(buf, static_cast<std::size_t>(n));
  }
  return text;
}

void write_small(int dir_fd, const std::string& name, const std::string& text,
                 const fs::path& shown) {
  const Fd fd(openat(dir_fd, name.c_str(), O_WRONLY | O_NOFOLLOW | O_CLOEXEC));
  if (fd.get() < 0) throw_errno("open", shown);
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd.get(), text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw_errno("write", shown);
    done += static_cast<std::size_t>(n);
  }
  // Shorter than what was there (the reserved note): cut, which needs no space.
  if (ftruncate(fd.get(), static_cast<off_t>(text.size())) != 0) throw_errno("truncate", shown);
  if (fsync(fd.get()) != 0) throw_errno("fsync", shown);
}

bool only_reads(const Check& check) { return check.workload.read_pct >= 100.0; }

}  // namespace

struct LayoutPool::Entry {
  std::unique_ptr<ScratchArea> area;
  std::string name;
  std::uint64_t size = 0;
  dev_t dev = 0;
  ino_t ino = 0;
  std::string note;  // what <name>.layout holds
  std::string laid_out_for;
  bool overwritten = false;
  fs::path path() const { return area->dir() / name; }
};

std::optional<LayoutKey> shared_layout_key(const Check& check) {
  const WorkloadSpec& w = check.workload;
  if (w.layout != FileLayout::written || w.kind != WorkloadKind::mixed || w.file_size == 0)
    return std::nullopt;
  return LayoutKey{w.file_size, layout_write_size(w)};
}

LayoutPool::LayoutPool(fs::path datastore) : datastore_(std::move(datastore)) {}

LayoutPool::~LayoutPool() { clear(); }

void LayoutPool::plan(const std::vector<Check>& checks) {
  users_left_.clear();
  for (const Check& check : checks)
    if (const auto key = shared_layout_key(check)) ++users_left_[*key];
  planned_ = true;
}

void LayoutPool::clear() { entries_.clear(); }

bool LayoutPool::shares(const Check& check) const {
  const std::optional<LayoutKey> key = shared_layout_key(check);
  if (!key) return false;
  if (!planned_ || entries_.count(*key) != 0) return true;
  const auto left = users_left_.find(*key);
  return left != users_left_.end() && left->second > 1;
}

LayoutLease LayoutPool::acquire(const Check& check, const DatastorePolicy& policy) {
  const std::optional<LayoutKey> key = shared_layout_key(check);
  if (!key) throw std::logic_error("check \"" + check.name + "\" lays out its own file");
  if (const auto it = entries_.find(*key); it != entries_.end()) {
    Entry& entry = *it->second;
    if (!entry.overwritten || !only_reads(check)) {
      try {
        verify(entry);
      } catch (...) {
        entries_.erase(it);  // not handed out again either
        throw;
      }
      if (!only_reads(check)) entry.overwritten = true;
      return {FileRef(entry.area->dir_fd(), entry.name, entry.path()), 0, entry.laid_out_for};
    }
    entries_.erase(it);  // overwritten, and this check reads what a layout left: lay it out again
  }
  auto entry = std::make_unique<Entry>();
  const double took = lay_out(check, *key, policy, *entry);
  entry->overwritten = !only_reads(check);
  ++layouts_made_;
  Entry& made = *entries_.emplace(*key, std::move(entry)).first->second;
  return {FileRef(made.area->dir_fd(), made.name, made.path()), took, check.name};
}

double LayoutPool::lay_out(const Check& check, const LayoutKey& key, const DatastorePolicy& policy,
                           Entry& entry) {
  if (entries_.size() >= kMaxFiles) entries_.erase(entries_.begin());
  try {
    entry.area = std::make_unique<ScratchArea>(datastore_, key.file_size, policy);
  } catch (const InsufficientSpace&) {
    if (entries_.empty()) throw;
    clear();  // the files kept for later checks are laid out again when those come
    entry.area = std::make_unique<ScratchArea>(datastore_, key.file_size, policy);
  }
  // Named as a check's own file is: after the check it is laid out for (messages, a device error
  // at an offset of it, read the same as before sharing).
  entry.name = check.name + ".dat";
  entry.size = key.file_size;
  entry.laid_out_for = check.name;
  // The note's blocks are taken before the test file's: a datastore that fills up during the
  // layout then fails the layout itself, never the note written after it (whose final text,
  // with the file's inode, is shorter than this reservation and overwrites it in place).
  const std::string note_name = entry.name + ".layout";
  const fs::path note_path = entry.area->dir() / note_name;
  entry.area->preallocate(note_name, 0, ScratchArea::Fill::empty);
  write_small(entry.area->dir_fd(), note_name, std::string(4096 + 2 * check.name.size(), '\n'),
              note_path);
  // Timed as CheckSession times its own: the layout, not the wait for the datastore's lock.
  const auto started = std::chrono::steady_clock::now();
  entry.area->preallocate(entry.name, key.file_size, ScratchArea::Fill::write, key.write_size);
  struct stat st {};
  if (fstatat(entry.area->dir_fd(), entry.name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0)
    throw_errno("stat", entry.path());
  entry.dev = st.st_dev;
  entry.ino = st.st_ino;
  entry.note = fmt::format(
      "iogate layout 1\nfile {}\nsize {}\nwrite_size {}\ndevice {}:{}\ninode {}\npid {}\n"
      "laid out for {}\n",
      entry.name, key.file_size, key.write_size, major(st.st_dev), minor(st.st_dev), st.st_ino,
      getpid(), check.name);
  write_small(entry.area->dir_fd(), note_name, entry.note, note_path);
  return seconds_since(started);
}

void LayoutPool::verify(const Entry& entry) const {
  const fs::path path = entry.path();
  const auto refuse = [&](const std::string& what) {
    throw std::runtime_error(
        fmt::format("shared test file {} is not the one laid out for {} ({}): not used",
                    path.string(), entry.laid_out_for, what));
  };
  const Fd fd(openat(entry.area->dir_fd(), entry.name.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
  if (fd.get() < 0) {
    if (errno == ENOENT || errno == ELOOP) refuse(errno == ENOENT ? "it is gone" : "a symlink");
    throw_errno("open", path);
  }
  struct stat st {};
  if (fstat(fd.get(), &st) != 0) throw_errno("stat", path);
  if (!S_ISREG(st.st_mode)) refuse("not a regular file");
  if (st.st_dev != entry.dev || st.st_ino != entry.ino)
    refuse(fmt::format("device:inode {}:{}/{} where {}:{}/{} was laid out", major(st.st_dev),
                       minor(st.st_dev), st.st_ino, major(entry.dev), minor(entry.dev), entry.ino));
  if (static_cast<std::uint64_t>(st.st_size) != entry.size)
    refuse(fmt::format("{} bytes where {} were laid out", st.st_size, entry.size));
  const std::string note_name = entry.name + ".layout";
  if (read_small(entry.area->dir_fd(), note_name, entry.area->dir() / note_name) != entry.note)
    refuse("its layout note " + note_name + " changed");
}

void LayoutPool::release(const Check& check) {
  const std::optional<LayoutKey> key = shared_layout_key(check);
  if (!key || !planned_) return;
  const auto left = users_left_.find(*key);
  if (left == users_left_.end() || --left->second > 0) return;
  users_left_.erase(left);
  entries_.erase(*key);  // its scratch area goes with it
}

}  // namespace iogate
