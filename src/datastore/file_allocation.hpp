// Giving a test file its blocks before a run, so the run measures I/O, not allocation.
//
// fallocate(2) reserves the extents without writing. Where the filesystem lacks it (EOPNOTSUPP,
// e.g. some network and FUSE filesystems) or the kernel does (ENOSYS: the ESXi shell's userworld),
// the file is written through instead (a platform fallback, platform_fallbacks.hpp), in 1 MiB
// chunks of a non-zero pattern: zeros could be elided by a compressing or thin-provisioned layer
// and leave the file sparse after all.
//
// A file laid out for a workload is written through in writes of the workload's block size, as
// fio lays out its file (buffered writes of the job's block size). The size of those writes
// outlives the layout: on a virtio disk, 8 KiB random I/O over a file written in 1 MiB writes ran
// at about 0.8 of the rate over one written in 8 KiB writes (fio on both, 8 alternating rounds).
//
// Laid out at the device's speed: every 32 MiB written, writeback of those 32 MiB is started
// (sync_file_range), so the device has a queue of the file's writes from the first window on
// instead of idling until the dirty pages pass the kernel's background threshold (on a machine
// with plenty of memory a 1 GiB file used to reach the disk only in the final fsync, after the
// whole write loop), and the window two before is waited for, so the page cache holds at most
// about 96 MiB of the file dirty. The writes themselves, their size and order, are unchanged: the
// file is the same on disk, only sooner.
//
// Writing through can take many seconds, so it looks at the process's stop request
// (common/interrupt.hpp) before each chunk and throws Interrupted when there is one.
#pragma once

#include <cstdint>
#include <filesystem>

#include "iogate/engine/native_handle.hpp"

namespace iogate::detail {

// Both throw std::system_error naming `path` (ENOSPC included); `fd` (a descriptor, a HANDLE) must
// be open for writing. write_through (also allocate_file when it falls back to it) throws
// Interrupted on a stop request, with what was written so far.
void allocate_file(NativeHandle fd, std::uint64_t size, const std::filesystem::path& path);
// `write_size` is clamped to [4 KiB, 16 MiB].
constexpr std::uint64_t kDefaultWriteSize = 1024 * 1024;
void write_through(NativeHandle fd, std::uint64_t size, const std::filesystem::path& path,
                   std::uint64_t write_size = kDefaultWriteSize);

}  // namespace iogate::detail
