// The rules on the names a result carries, each with one home: checked where a name is given
// (--host-label, IOGATE_HOST_LABEL: run_settings.hpp) and wherever it is read back from a file
// (result_reader.hpp), so that a results file from another host holds no name `iogate check`
// would have refused. A name becomes a JUnit classname, a Markdown cell, a console line and, where
// results are collected one directory per host, a file name.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace iogate {

// A host label names the host in results and in `iogate fleet` (cloned VMs share a hostname):
// 1 to kMaxHostLabelLength printable ASCII characters, no space and no '/'. A hostname read back
// is held to the same rule (Linux's are at most 64 bytes, HOST_NAME_MAX).
inline constexpr std::size_t kMaxHostLabelLength = 64;

// "expected a host label of 1 to 64 printable characters without spaces or '/', got "a/b" (a
// '/')", with the value as a bounded, escaped excerpt; nothing for a good label.
std::optional<std::string> host_label_problem(std::string_view label);

// A check's or suite's name read back: 1 to `max_bytes` bytes, no '/' and no NUL (a check's name
// is its result file's name). The threshold format asks more of the names it gives (identifiers,
// kMaxCheckNameLength); a reader asks only for a name that can be a file's, and every writer
// escapes what it shows of one (display_text.hpp), so odd bytes are named, never acted on.
std::optional<std::string> name_problem(std::string_view name, std::size_t max_bytes);

}  // namespace iogate
