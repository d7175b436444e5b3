// The POSIX half of workload_file.hpp: openat with O_NOFOLLOW, sizes and direct-I/O alignment
// from statx, sysfs or the block device.
#include "workload_file.hpp"

#include "common/platform_fallbacks.hpp"
#include "common/posix_error.hpp"

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

namespace iogate {
namespace {

using detail::throw_errno;

// The logical block size of the device a regular file lives on: the whole disk's queue limits
// are under /sys/dev/block/M:m/queue, a partition's one directory up.
std::uint32_t sysfs_logical_block_size(dev_t dev) {
  const std::string base =
      "/sys/dev/block/" + std::to_string(major(dev)) + ":" + std::to_string(minor(dev));
  for (const char* rel : {"/queue/logical_block_size", "/../queue/logical_block_size"}) {
    std::ifstream in(base + rel);
    std::uint32_t size = 0;
    if (in >> size && size >= 512) return size;
  }
  return 512;
}

}  // namespace

WorkloadFile::WorkloadFile(const FileRef& file, FileAccess access)
    : path_(file.shown()), file_(file), access_(access) {
  const bool direct = access.direct;
  // O_NOFOLLOW: the test file lives in a scratch directory, and a symlink swapped in for it
  // would send the run's writes to whatever it names.
  const int flags = O_RDWR | O_CLOEXEC | O_NOFOLLOW | (direct ? O_DIRECT : 0) |
                    (access.write_through ? O_DSYNC : 0);
  handle_ = ::openat(file.dir(), file.native_name().c_str(), flags);
  if (handle_ < 0) {
    if (errno == ELOOP) {
      throw std::system_error(
          errno, std::generic_category(),
          "open " + path_ + ": it is a symbolic link, which iogate never follows");
    }
    if (direct && errno == EINVAL) {
      throw DirectIoUnsupported(errno, std::generic_category(),
                                "open " + path_ +
                                    " with O_DIRECT: the filesystem does not support direct I/O "
                                    "(set direct = false to go through the page cache)");
    }
    throw_errno(errno, "open", path_);
  }
  try {
    struct stat st {};
    if (::fstat(handle_, &st) != 0) throw_errno(errno, "fstat", path_);
    if (S_ISBLK(st.st_mode)) {
      if (::ioctl(handle_, BLKGETSIZE64, &size_) != 0)
        throw_errno(errno, "ioctl BLKGETSIZE64", path_);
      int sector = 0;
      if (::ioctl(handle_, BLKSSZGET, &sector) != 0) throw_errno(errno, "ioctl BLKSSZGET", path_);
      direct_io_block_ = static_cast<std::uint32_t>(std::max(sector, 512));
    } else if (S_ISREG(st.st_mode)) {
      size_ = static_cast<std::uint64_t>(st.st_size);
      struct statx sx {};
      // The system call itself, not glibc's statx(): where the kernel answers ENOSYS, glibc
      // answers from fstat instead, without the alignment and without saying so.
      const bool described =
          ::syscall(SYS_statx, handle_, "", AT_EMPTY_PATH, STATX_DIOALIGN, &sx) == 0;
      const int statx_error = described ? 0 : errno;
      if (described && (sx.stx_mask & STATX_DIOALIGN) != 0 && sx.stx_dio_offset_align != 0) {
        direct_io_block_ = sx.stx_dio_offset_align;
        buffer_alignment_ = std::max(buffer_alignment_, sx.stx_dio_mem_align);
      } else {
        // A kernel or filesystem that cannot say (before Linux 6.1, or no statx at all: the
        // ESXi shell): the device's logical block, else 512 bytes, as before statx knew.
        direct_io_block_ = sysfs_logical_block_size(st.st_dev);
        if (statx_error == ENOSYS && direct) {
          detail::note_fallback("statx: " + std::generic_category().message(statx_error) +
                                "; direct I/O aligned to " + std::to_string(direct_io_block_) +
                                " bytes: the device's logical block as sysfs gives it, "
                                "512 where it cannot");
        }
      }
    } else {
      throw std::invalid_argument(path_ + " is neither a regular file nor a block device");
    }
    buffer_alignment_ = std::max(buffer_alignment_, direct_io_block_);
  } catch (...) {
    ::close(handle_);
    throw;
  }
}

WorkloadFile::~WorkloadFile() { ::close(handle_); }

// Every worker shares the one descriptor: pread, pwrite and the kernel's rings take it as it is.
NativeHandle WorkloadFile::handle(unsigned /*worker*/) const { return handle_; }
void WorkloadFile::open_for_workers(unsigned /*workers*/) {}

void WorkloadFile::drop_cached_pages() const {
  ::posix_fadvise(handle_, 0, 0, POSIX_FADV_DONTNEED);
}

// posix_fadvise answers 0 where it does nothing (a seccomp filter, a platform that ignores the
// advice), so the pages are counted after it: the file mapped a piece at a time and mincore asked
// which pages of each piece are in the page cache. The mapping is never touched, so looking
// caches nothing. A piece bounds both the address space asked of the system and the vector
// mincore fills (a byte per page); it is a multiple of every page size.
CacheDrop WorkloadFile::drop_cached_pages_verified() const {
  constexpr std::uint64_t kPiece = std::uint64_t{1} << 30;
  CacheDrop drop;
  const long page = ::sysconf(_SC_PAGESIZE);
  if (page > 0) drop.page_size = static_cast<std::uint64_t>(page);
  // The error is returned, not left in errno.
  if (const int advised = ::posix_fadvise(handle_, 0, 0, POSIX_FADV_DONTNEED); advised != 0) {
    drop.seen = "posix_fadvise(DONTNEED): " + std::generic_category().message(advised);
    return drop;
  }
  // A regular file's size now, not at open: an integrity pass has grown a `grown` file since.
  std::uint64_t length = size_;
  struct stat st {};
  if (::fstat(handle_, &st) == 0 && S_ISREG(st.st_mode))
    length = static_cast<std::uint64_t>(st.st_size);
  if (length == 0) {
    drop.verified = true;
    drop.seen = "the file is empty";
    return drop;
  }
  std::vector<unsigned char> resident;
  std::uint64_t pages = 0;
  std::uint64_t cached = 0;
  for (std::uint64_t offset = 0; offset < length; offset += kPiece) {
    const auto span = static_cast<std::size_t>(std::min(kPiece, length - offset));
    void* map = ::mmap(nullptr, span, PROT_READ, MAP_SHARED, handle_, static_cast<off_t>(offset));
    if (map == MAP_FAILED) {
      drop.seen = "mmap to ask mincore: " + std::generic_category().message(errno);
      return drop;
    }
    resident.resize((span + drop.page_size - 1) / drop.page_size);
    const int looked = ::mincore(map, span, resident.data());
    const int error = errno;
    ::munmap(map, span);
    if (looked != 0) {
      drop.seen = "mincore: " + std::generic_category().message(error);
      return drop;
    }
    pages += resident.size();
    cached += static_cast<std::uint64_t>(
        std::count_if(resident.begin(), resident.end(), [](unsigned char c) { return c & 1; }));
  }
  drop.verified = cached == 0;
  drop.seen = drop.verified
                  ? "mincore: none of its " + std::to_string(pages) + " pages cached"
                  : "mincore: " + std::to_string(cached) + " of its " + std::to_string(pages) +
                        " pages still cached after posix_fadvise(DONTNEED)";
  return drop;
}

}  // namespace iogate
