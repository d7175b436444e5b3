// The file (or block device) a workload runs on, opened for it: O_RDWR | O_CLOEXEC | O_NOFOLLOW,
// plus O_DIRECT when asked (relative to a directory descriptor when given one, see file_ref.hpp).
// Knows its usable size and the alignment direct I/O needs on it:
//
//   regular file: statx(STATX_DIOALIGN) when the filesystem reports it (Linux 6.1+), else the
//                 logical_block_size of the device holding it (sysfs), else 512;
//   block device: BLKGETSIZE64 and BLKSSZGET.
//
// Every failing syscall becomes std::system_error naming the operation and the path; an O_DIRECT
// open the filesystem refuses, DirectIoUnsupported (engine.hpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>

#include "iogate/engine/engine.hpp"
#include "iogate/engine/file_ref.hpp"

namespace iogate {

class WorkloadFile {
 public:
  // Opened with openat(file.dir_fd(), file.name(), ... | O_NOFOLLOW); messages name file.shown().
  WorkloadFile(const FileRef& file, bool direct);
  ~WorkloadFile();
  WorkloadFile(const WorkloadFile&) = delete;
  WorkloadFile& operator=(const WorkloadFile&) = delete;

  int fd() const { return fd_; }
  const std::string& path() const { return path_; }
  std::uint64_t size() const { return size_; }
  bool direct() const { return direct_; }
  // Offsets and lengths of direct I/O must be multiples of it.
  std::uint32_t direct_io_block() const { return direct_io_block_; }
  // Buffers of direct I/O must be aligned to it; at least 4096.
  std::uint32_t buffer_alignment() const { return buffer_alignment_; }

 private:
  std::string path_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
  bool direct_ = false;
  std::uint32_t direct_io_block_ = 512;
  std::uint32_t buffer_alignment_ = 4096;
};

}  // namespace iogate
