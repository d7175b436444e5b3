// Giving a test file its blocks before a run, so the run measures I/O, not allocation.
//
// fallocate(2) reserves the extents without writing. Where the filesystem lacks it (EOPNOTSUPP,
// e.g. some network and FUSE filesystems) the file is written through instead, in 1 MiB chunks of
// a non-zero pattern: zeros could be elided by a compressing or thin-provisioned layer and leave
// the file sparse after all.
//
// Writing through can take many seconds, so it looks at the process's stop request
// (iogate/interrupt.hpp) before each chunk and throws Interrupted when there is one.
#pragma once

#include <cstdint>
#include <filesystem>

namespace iogate::detail {

// Both throw std::system_error naming `path` (ENOSPC included); `fd` must be open for writing.
// write_through (also allocate_file when it falls back to it) throws Interrupted on a stop
// request, with what was written so far.
void allocate_file(int fd, std::uint64_t size, const std::filesystem::path& path);
void write_through(int fd, std::uint64_t size, const std::filesystem::path& path);

}  // namespace iogate::detail
