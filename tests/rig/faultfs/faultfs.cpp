// faultfs: a pass-through FUSE filesystem that breaks on purpose, for the rig tests.
//
//   faultfs --backing=DIR [fault options] MOUNTPOINT [-f] [-s] [-o ...]
//
// Every operation is done on the same path under DIR. On top of that, for reads and writes of
// regular files only (never metadata, fallocate or fsync):
//   --eio-read=OFF+LEN    a read whose byte range overlaps [OFF, OFF+LEN) fails with EIO
//   --eio-write=OFF+LEN   the same for writes (nothing is written)
//   --latency-us=N        each read and write is answered N microseconds after it arrived (the
//                         wait runs first, on an absolute deadline, then the I/O); the
//                         wakeups more than 100 us late are counted and logged at unmount
//   --short-write=N       a write of more than N bytes writes only its first N and returns N
//   --direct-io           open files with FOPEN_DIRECT_IO (fuse_file_info::direct_io): the kernel
//                         bypasses its page cache for every open, O_DIRECT or not
// Each fault injected is logged on stderr ("faultfs: EIO for write of 4096 bytes at offset ...")
// so a test can tell an injected fault from an accident.
//
// The kernel's own O_DIRECT path: an O_DIRECT open of a FUSE file is accepted, with no alignment
// required of offsets or buffers, and each read/write (up to max_write, 1 MiB) reaches the daemon
// as it was issued. Without --direct-io that path is the kernel's asynchronous direct I/O (libfuse
// negotiates async_dio), which turns a short write into EIO for the caller; with --direct-io a
// synchronous write (pwrite) gets the short count, an io_uring or libaio one EIO again. The daemon
// opens the backing file without O_DIRECT, since its buffers are not aligned for it.
//
// Latency is per request: fuse_main's default multithreaded loop answers requests in parallel
// (each waits on its own thread), `-s` serialises them, so N requests in flight then take N times
// the latency. (libfuse 3.14 prints "Ignoring invalid max threads value 4294967295" at start:
// harmless, its default of 10 threads stays.)
#define FUSE_USE_VERSION 31

#include <dirent.h>
#include <fcntl.h>
#include <fuse3/fuse.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

namespace {

struct Range {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;  // exclusive; begin == end: no range
  bool overlaps(std::uint64_t offset, std::size_t size) const {
    return begin < end && offset < end && offset + size > begin;
  }
};

struct Config {
  char* backing = nullptr;
  char* eio_read = nullptr;
  char* eio_write = nullptr;
  unsigned long latency_us = 0;
  unsigned long short_write = 0;
  int direct_io = 0;
};

Config config;
Range eio_read;
Range eio_write;
std::string backing;
std::atomic<std::uint64_t> injected{0};

const fuse_opt options[] = {{"--backing=%s", offsetof(Config, backing), 0},
                            {"--eio-read=%s", offsetof(Config, eio_read), 0},
                            {"--eio-write=%s", offsetof(Config, eio_write), 0},
                            {"--latency-us=%lu", offsetof(Config, latency_us), 0},
                            {"--short-write=%lu", offsetof(Config, short_write), 0},
                            {"--direct-io", offsetof(Config, direct_io), 1},
                            FUSE_OPT_END};

bool parse_range(const char* text, Range& out) {
  if (text == nullptr) return true;
  char* end = nullptr;
  errno = 0;
  const unsigned long long offset = std::strtoull(text, &end, 10);
  if (errno != 0 || end == text || *end != '+') return false;
  const char* len_text = end + 1;
  const unsigned long long length = std::strtoull(len_text, &end, 10);
  if (errno != 0 || end == len_text || *end != '\0' || length == 0) return false;
  out = {offset, offset + length};
  return true;
}

std::string real(const char* path) { return backing + path; }

int fail_errno() { return -errno; }

// Waits until `us` microseconds after `start` on CLOCK_MONOTONIC (an absolute deadline, so a
// signal that interrupts the sleep does not lengthen it), and counts the wakeups that came more
// than kLateNs after the deadline: the machine's own scheduling noise at that moment, which a
// test reads (at unmount) to tell a noisy machine from a wrong measurement.
constexpr std::int64_t kLateNs = 100'000;
std::atomic<std::uint64_t> waits{0};
std::atomic<std::uint64_t> late_wakeups{0};

std::int64_t ns_of(const timespec& t) {
  return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

void wait_until(const timespec& start, unsigned long us) {
  if (us == 0) return;
  timespec deadline = start;
  const std::uint64_t ns = static_cast<std::uint64_t>(deadline.tv_nsec) + us * 1000ULL;
  deadline.tv_sec += static_cast<time_t>(ns / 1'000'000'000ULL);
  deadline.tv_nsec = static_cast<long>(ns % 1'000'000'000ULL);
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nullptr) == EINTR) {
  }
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  waits.fetch_add(1, std::memory_order_relaxed);
  if (ns_of(now) - ns_of(deadline) > kLateNs) late_wakeups.fetch_add(1, std::memory_order_relaxed);
}

void log_fault(const char* what, std::size_t size, off_t offset, const char* path) {
  injected.fetch_add(1, std::memory_order_relaxed);
  std::fprintf(stderr, "faultfs: %s of %zu bytes at offset %lld of %s\n", what, size,
               static_cast<long long>(offset), path);
}

void* ff_init(fuse_conn_info* /*conn*/, fuse_config* cfg) {
  cfg->use_ino = 1;      // the backing inode numbers: fstat identity checks see stable ones
  cfg->hard_remove = 1;  // unlink for real, no .fuse_hidden files left in an emptied directory
  // Attributes stay cached for libfuse's default second: only this mount changes the backing
  // files, and with no cache every O_DIRECT write would cost the daemon a GETATTR round trip
  // too, which the latency measured back would then include.
  return nullptr;
}

int ff_getattr(const char* path, struct stat* st, fuse_file_info* fi) {
  const int rc =
      fi != nullptr ? fstat(static_cast<int>(fi->fh), st) : lstat(real(path).c_str(), st);
  return rc == 0 ? 0 : fail_errno();
}

int ff_readdir(const char* path, void* buf, fuse_fill_dir_t fill, off_t /*offset*/,
               fuse_file_info* /*fi*/, fuse_readdir_flags /*flags*/) {
  DIR* dir = opendir(real(path).c_str());
  if (dir == nullptr) return fail_errno();
  while (const dirent* e = readdir(dir)) {
    struct stat st {};
    st.st_ino = e->d_ino;
    st.st_mode = static_cast<mode_t>(DTTOIF(e->d_type));
    if (fill(buf, e->d_name, &st, 0, static_cast<fuse_fill_dir_flags>(0)) != 0) break;
  }
  closedir(dir);
  return 0;
}

int ff_mkdir(const char* path, mode_t mode) {
  return mkdir(real(path).c_str(), mode) == 0 ? 0 : fail_errno();
}
int ff_rmdir(const char* path) { return rmdir(real(path).c_str()) == 0 ? 0 : fail_errno(); }
int ff_unlink(const char* path) { return unlink(real(path).c_str()) == 0 ? 0 : fail_errno(); }
int ff_symlink(const char* target, const char* path) {
  return symlink(target, real(path).c_str()) == 0 ? 0 : fail_errno();
}
int ff_readlink(const char* path, char* buf, size_t size) {
  const ssize_t n = readlink(real(path).c_str(), buf, size - 1);
  if (n < 0) return fail_errno();
  buf[n] = '\0';
  return 0;
}
int ff_rename(const char* from, const char* to, unsigned int flags) {
  return renameat2(AT_FDCWD, real(from).c_str(), AT_FDCWD, real(to).c_str(), flags) == 0
             ? 0
             : fail_errno();
}
int ff_chmod(const char* path, mode_t mode, fuse_file_info* fi) {
  const int rc =
      fi != nullptr ? fchmod(static_cast<int>(fi->fh), mode) : chmod(real(path).c_str(), mode);
  return rc == 0 ? 0 : fail_errno();
}
int ff_chown(const char* path, uid_t uid, gid_t gid, fuse_file_info* fi) {
  const int rc = fi != nullptr ? fchown(static_cast<int>(fi->fh), uid, gid)
                               : lchown(real(path).c_str(), uid, gid);
  return rc == 0 ? 0 : fail_errno();
}
int ff_truncate(const char* path, off_t size, fuse_file_info* fi) {
  const int rc = fi != nullptr ? ftruncate(static_cast<int>(fi->fh), size)
                               : truncate(real(path).c_str(), size);
  return rc == 0 ? 0 : fail_errno();
}
int ff_utimens(const char* path, const timespec tv[2], fuse_file_info* fi) {
  const int rc = fi != nullptr ? futimens(static_cast<int>(fi->fh), tv)
                               : utimensat(AT_FDCWD, real(path).c_str(), tv, AT_SYMLINK_NOFOLLOW);
  return rc == 0 ? 0 : fail_errno();
}
int ff_statfs(const char* path, struct statvfs* st) {
  return statvfs(real(path).c_str(), st) == 0 ? 0 : fail_errno();
}

// The backing file is opened without O_DIRECT (see the top of the file).
int open_flags(int flags) { return flags & ~O_DIRECT; }

int ff_open(const char* path, fuse_file_info* fi) {
  const int fd = open(real(path).c_str(), open_flags(fi->flags));
  if (fd < 0) return fail_errno();
  fi->fh = static_cast<std::uint64_t>(fd);
  fi->direct_io = config.direct_io != 0;
  return 0;
}
int ff_create(const char* path, mode_t mode, fuse_file_info* fi) {
  const int fd = open(real(path).c_str(), open_flags(fi->flags) | O_CREAT, mode);
  if (fd < 0) return fail_errno();
  fi->fh = static_cast<std::uint64_t>(fd);
  fi->direct_io = config.direct_io != 0;
  return 0;
}
int ff_release(const char* /*path*/, fuse_file_info* fi) {
  close(static_cast<int>(fi->fh));
  return 0;
}

int ff_read(const char* path, char* buf, size_t size, off_t offset, fuse_file_info* fi) {
  timespec start{};
  clock_gettime(CLOCK_MONOTONIC, &start);
  wait_until(start, config.latency_us);
  if (eio_read.overlaps(static_cast<std::uint64_t>(offset), size)) {
    log_fault("EIO for read", size, offset, path);
    return -EIO;
  }
  const ssize_t n = pread(static_cast<int>(fi->fh), buf, size, offset);
  return n >= 0 ? static_cast<int>(n) : fail_errno();
}

int ff_write(const char* path, const char* buf, size_t size, off_t offset, fuse_file_info* fi) {
  timespec start{};
  clock_gettime(CLOCK_MONOTONIC, &start);
  wait_until(start, config.latency_us);
  if (eio_write.overlaps(static_cast<std::uint64_t>(offset), size)) {
    log_fault("EIO for write", size, offset, path);
    return -EIO;
  }
  std::size_t want = size;
  if (config.short_write != 0 && size > config.short_write) {
    want = config.short_write;
    log_fault("short write", size, offset, path);
  }
  const ssize_t n = pwrite(static_cast<int>(fi->fh), buf, want, offset);
  return n >= 0 ? static_cast<int>(n) : fail_errno();
}

int ff_fsync(const char* /*path*/, int datasync, fuse_file_info* fi) {
  const int fd = static_cast<int>(fi->fh);
  return (datasync != 0 ? fdatasync(fd) : fsync(fd)) == 0 ? 0 : fail_errno();
}
int ff_fallocate(const char* /*path*/, int mode, off_t offset, off_t length, fuse_file_info* fi) {
  return fallocate(static_cast<int>(fi->fh), mode, offset, length) == 0 ? 0 : fail_errno();
}

void ff_destroy(void* /*private_data*/) {
  std::fprintf(stderr, "faultfs: unmounted, %llu faults injected, %llu waits, %llu woke late\n",
               static_cast<unsigned long long>(injected.load()),
               static_cast<unsigned long long>(waits.load()),
               static_cast<unsigned long long>(late_wakeups.load()));
}

fuse_operations make_operations() {
  fuse_operations ops{};
  ops.init = ff_init;
  ops.destroy = ff_destroy;
  ops.getattr = ff_getattr;
  ops.readdir = ff_readdir;
  ops.mkdir = ff_mkdir;
  ops.rmdir = ff_rmdir;
  ops.unlink = ff_unlink;
  ops.symlink = ff_symlink;
  ops.readlink = ff_readlink;
  ops.rename = ff_rename;
  ops.chmod = ff_chmod;
  ops.chown = ff_chown;
  ops.truncate = ff_truncate;
  ops.utimens = ff_utimens;
  ops.statfs = ff_statfs;
  ops.open = ff_open;
  ops.create = ff_create;
  ops.release = ff_release;
  ops.read = ff_read;
  ops.write = ff_write;
  ops.fsync = ff_fsync;
  ops.fallocate = ff_fallocate;
  return ops;
}

}  // namespace

int main(int argc, char* argv[]) {
  fuse_args args = FUSE_ARGS_INIT(argc, argv);
  if (fuse_opt_parse(&args, &config, options, nullptr) != 0) return 2;
  if (config.backing == nullptr || config.backing[0] != '/') {
    std::fprintf(stderr, "faultfs: --backing=DIR (an absolute path) is required\n");
    return 2;
  }
  if (!parse_range(config.eio_read, eio_read) || !parse_range(config.eio_write, eio_write)) {
    std::fprintf(stderr, "faultfs: --eio-read/--eio-write take OFFSET+LENGTH in bytes\n");
    return 2;
  }
  backing = config.backing;
  while (backing.size() > 1 && backing.back() == '/') backing.pop_back();
  // The default timer slack (50 us) would lengthen every injected wait by up to that much: 2.5%
  // of a 2 ms latency. Worker threads inherit the slack of the thread that made them.
  prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
  const fuse_operations ops = make_operations();
  const int rc = fuse_main(args.argc, args.argv, &ops, nullptr);
  fuse_opt_free_args(&args);
  return rc;
}
