// The file (or block device) a workload runs on, opened for it, relative to the directory a
// FileRef holds when it holds one (file_ref.hpp), never following a link at its name. Knows its
// usable size and the alignment direct I/O needs on it. One implementation per platform:
//
//   POSIX (workload_file_posix.cpp): O_RDWR | O_CLOEXEC | O_NOFOLLOW, plus O_DIRECT when asked;
//     regular file: statx(STATX_DIOALIGN) when the filesystem reports it (Linux 6.1+), else the
//                   logical_block_size of the device holding it (sysfs), else 512;
//     block device: BLKGETSIZE64 and BLKSSZGET.
//   Windows (workload_file_windows.cpp): an overlapped handle (NtCreateFile relative to the
//     directory HANDLE, or CreateFileW for a path, with FILE_OPEN_REPARSE_POINT and a check of the
//     attributes: a reparse point is refused), unbuffered (FILE_NO_INTERMEDIATE_BUFFERING) when
//     direct; regular files; the volume's sector sizes from FileStorageInfo, else
//     GetDiskFreeSpaceW's bytes per sector. A file object belongs to at most one completion port,
//     so each worker gets a handle of its own (open_for_workers), each opened the same way and
//     checked to be the same file (volume serial number and file index). The handles are not
//     made with ReOpenFile: under wine it reopens by the path the handle was opened with, so a
//     directory renamed and replaced in the meantime would send the run to the replacement.
//
// Every failing call becomes std::system_error naming the operation and the path; a direct open
// the filesystem refuses, DirectIoUnsupported (engine.hpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "iogate/engine/engine.hpp"
#include "iogate/engine/file_ref.hpp"
#include "iogate/engine/native_handle.hpp"

namespace iogate {

// What became of a request to drop the file's cached pages, as far as the system lets it be seen.
// A buffered run that stands in for a direct one relies on it (engine.cpp): where the drop does
// not happen (ESXi's userworld, whose posix_fadvise fio's own ESX build does not trust), the
// run's reads would be answered from memory.
struct CacheDrop {
  bool verified = false;  // none of the file's pages was cached afterwards
  std::string seen;       // how that was seen, or why it could not be: one clause for a line
  std::uint64_t page_size = 4096;  // the page cache's grain: a write of whole pages reads nothing
};

// How the test file is opened: past the page cache (O_DIRECT; FILE_FLAG_NO_BUFFERING), and with
// every write completing on stable storage (O_DSYNC; FILE_FLAG_WRITE_THROUGH).
struct FileAccess {
  bool direct = true;
  bool write_through = false;
};

class WorkloadFile {
 public:
  // Opened relative to file.dir() when it is a directory, never following a link at
  // file.name(); messages name file.shown().
  WorkloadFile(const FileRef& file, FileAccess access);
  ~WorkloadFile();
  WorkloadFile(const WorkloadFile&) = delete;
  WorkloadFile& operator=(const WorkloadFile&) = delete;

  // The handle worker `worker` runs on (open_for_workers must have made it): the one descriptor
  // on POSIX, a handle per worker on Windows.
  NativeHandle handle(unsigned worker = 0) const;
  // Makes sure `workers` handles exist (a no-op on POSIX). Throws std::system_error, or
  // std::runtime_error when the name no longer names the file first opened.
  void open_for_workers(unsigned workers);
  const std::string& path() const { return path_; }
  std::uint64_t size() const { return size_; }
  bool direct() const { return access_.direct; }
  // Offsets and lengths of direct I/O must be multiples of it.
  std::uint32_t direct_io_block() const { return direct_io_block_; }
  // Buffers of direct I/O must be aligned to it; at least 4096.
  std::uint32_t buffer_alignment() const { return buffer_alignment_; }
  // Asks the system to forget the file's cached pages (best effort): before a direct run, whose
  // writes would otherwise each invalidate the cached pages they overlap, and before a buffered
  // pass that must reach the device (where direct I/O is refused).
  void drop_cached_pages() const;
  // Drops them, then looks whether they went: POSIX counts the file's pages still cached with
  // mincore; Windows can do neither, so its answer is never verified.
  CacheDrop drop_cached_pages_verified() const;

 private:
  std::string path_;
  FileRef file_;
  NativeHandle handle_ = kNoHandle;
  std::vector<NativeHandle> more_;  // Windows: workers 1, 2 ... each its own handle
  std::uint64_t size_ = 0;
  FileAccess access_;
  std::uint32_t direct_io_block_ = 512;
  std::uint32_t buffer_alignment_ = 4096;
};

}  // namespace iogate
