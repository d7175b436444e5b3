// Reading scratch directories without trusting them: what stale cleanup and adopting a kept area
// (scratch_area.hpp) both look at, relative to open directories (descriptors, HANDLEs) and never
// following a link.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "iogate/engine/native_handle.hpp"

namespace iogate::detail {

// Names in the directory open as `fd` (without "." and ".."); `fd` itself stays open and unmoved.
// std::system_error naming `path`.
std::vector<std::string> list_names(NativeHandle fd, const std::filesystem::path& path);

// The contents (up to 4 KiB) of the `.iogate-scratch` marker in the directory open as `dir_fd`
// when it is a regular file; nullopt when absent, a symlink or anything else. `marker` is for
// messages.
std::optional<std::string> read_marker(NativeHandle dir_fd, const std::filesystem::path& marker);

}  // namespace iogate::detail
