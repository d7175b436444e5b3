// Private to the threshold parser: the limits a threshold file's TOML is held to before toml++
// reads it.
//
// toml++ builds a table per part of a dotted key and frees them recursively: one key of 50,000
// parts (~100 KB) crashed `iogate lint`. Its own limit on nested arrays and inline tables (256)
// holds, but nothing bounds keys. So a scan of the text's structure runs first, iterative and
// without allocation beyond a stack of the open arrays and inline tables, and refuses:
//   - a key (of a key/value pair, a [table] or [[array]] header, or inside an inline table) of
//     more than kMaxKeyParts dotted parts: iogate's deepest key has 3 (check.workload.block_size);
//   - a key longer than kMaxKeyBytes as written: iogate's longest is under 30;
//   - arrays and inline tables nested more than kMaxTomlNesting deep: iogate's deepest value is
//     2 (block_mix = [{ block_size = "4k", pct = 60 }, ...]).
// Each is a ThresholdError at the file, line and column of the key or bracket.
//
// The scan reads TOML's strings (basic, literal, both multi-line, with escapes) and comments as
// toml++ does, so that a '.', '[' or '#' inside one is never taken for structure, and it accepts
// more than TOML does (any bare key character, newlines in inline tables): it never refuses a
// file toml++ reads. At the first thing that is not TOML at all it stops, having checked every
// byte before it; toml++, which stops at its first error too, then reports it in its own words.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string_view>

namespace iogate::thresholds_detail {

inline constexpr int kMaxKeyParts = 32;
inline constexpr std::size_t kMaxKeyBytes = 256;
inline constexpr std::size_t kMaxTomlNesting = 32;

// Throws ThresholdError for a limit crossed. Returns whether the scan reached the end of `text`
// (false: it stopped at something that is not TOML, left for toml++ to report).
bool check_toml_limits(std::string_view text, const std::filesystem::path& path);

}  // namespace iogate::thresholds_detail
