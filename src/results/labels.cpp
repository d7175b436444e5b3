// See labels.hpp.
#include "iogate/results/labels.hpp"

#include <fmt/format.h>

#include "common/display_text.hpp"

namespace iogate {
namespace {

// What is wrong with `text` as a run of 1 to `max` printable ASCII characters without a space or
// a '/', or nothing.
std::optional<std::string> flaw(std::string_view text, std::size_t max) {
  if (text.empty()) return "empty";
  if (text.size() > max) return fmt::format("{} characters", text.size());
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '/') return "a '/'";
    if (c <= ' ' || c >= 0x7f) return fmt::format("character 0x{:02x}", c);
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> host_label_problem(std::string_view label) {
  const std::optional<std::string> what = flaw(label, kMaxHostLabelLength);
  if (!what) return std::nullopt;
  return fmt::format(
      "expected a host label of 1 to {} printable characters without spaces or '/', got {} ({})",
      kMaxHostLabelLength, quoted_excerpt(label), *what);
}

std::optional<std::string> name_problem(std::string_view name, std::size_t max_bytes) {
  std::string what;
  if (name.empty())
    what = "empty";
  else if (name.size() > max_bytes)
    what = fmt::format("{} bytes", name.size());
  else if (name.find('/') != std::string_view::npos)
    what = "a '/'";
  else if (name.find('\0') != std::string_view::npos)
    what = "a NUL byte";
  if (what.empty()) return std::nullopt;
  return fmt::format("expected a name of 1 to {} bytes without '/' or NUL, got {} ({})", max_bytes,
                     quoted_excerpt(name), what);
}

}  // namespace iogate
