// The layout pool's platform seam (runner/layout_pool.hpp): its small note files and the
// identity of a laid-out file, always relative to the scratch directory's handle and never
// following a link, so a name swapped for a link is refused instead of read or written through.
// One file per platform: scratch_file_io_posix.cpp (openat with O_NOFOLLOW, fstat: st_dev and
// st_ino) and scratch_file_io_windows.cpp (opened relative to the directory handle without
// following a reparse point, GetFileInformationByHandle: the volume serial number and file index).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "iogate/engine/native_handle.hpp"

namespace iogate::detail {

// A file by identity: the filesystem it is on and its number there, and its size.
struct ScratchFileInfo {
  enum class Found { file, missing, link, other };  // other: a directory, a device ...
  Found found = Found::file;
  std::uint64_t device = 0;
  std::uint64_t file_id = 0;
  std::uint64_t size = 0;
};

// `name` in `dir`, opened without following a link. A missing name, a link or what is not a
// regular file is said in `found`; any other failure throws std::system_error naming `shown`.
ScratchFileInfo look_at(NativeHandle dir, const std::string& name,
                        const std::filesystem::path& shown);

// The text of a small file (the first 16 KiB or so: a note is far shorter).
std::string read_small(NativeHandle dir, const std::string& name,
                       const std::filesystem::path& shown);

// Replaces the content of the existing file `name` with `text` (in place, cut to its length: a
// text no longer than what was there needs no new blocks) and flushes it to the disk.
void write_small(NativeHandle dir, const std::string& name, const std::string& text,
                 const std::filesystem::path& shown);

// How a note spells a device, and back: "8:1" (major:minor) on POSIX, the volume serial number
// as Windows' `vol` shows it ("1A2B-3C4D") on Windows. nullopt for text this platform never wrote.
std::string device_text(std::uint64_t device);
std::optional<std::uint64_t> parse_device_text(std::string_view text);

}  // namespace iogate::detail
