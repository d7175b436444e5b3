// accounts.hpp from /etc/passwd and /etc/group, read here rather than through NSS (the static
// build: accounts.hpp says why). Each file is read whole up to a bound; a missing, unreadable or
// oversized file leaves names and groups unknown. Lines are colon-separated as passwd(5) and
// group(5) define them; a malformed line is skipped.
#include <charconv>
#include <optional>
#include <sstream>
#include <string_view>

#include "accounts.hpp"
#include "read_file.hpp"

namespace iogate::detail {
namespace {

constexpr std::size_t kMaxFileBytes = 4 * 1024 * 1024;

std::string read_bounded(const char* path) {
  try {
    return read_regular_file(path, kMaxFileBytes, "an account database");
  } catch (const FileReadError&) {
    return {};
  }
}

std::vector<std::string_view> split(std::string_view line, char by) {
  std::vector<std::string_view> parts;
  for (std::size_t at = 0;;) {
    const std::size_t end = line.find(by, at);
    parts.push_back(line.substr(at, end == std::string_view::npos ? end : end - at));
    if (end == std::string_view::npos) return parts;
    at = end + 1;
  }
}

std::optional<unsigned long> number(std::string_view text) {
  unsigned long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || text.empty()) return {};
  return value;
}

// Each line of `text` split into its fields, `fields` of them at least.
template <typename Visit>
void each_entry(const std::string& text, std::size_t fields, Visit visit) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line.front() == '#') continue;
    const std::vector<std::string_view> parts = split(line, ':');
    if (parts.size() >= fields) visit(parts);
  }
}

struct PasswdEntry {
  std::string name;
  gid_t gid = 0;
};

std::optional<PasswdEntry> passwd_entry(uid_t uid) {
  std::optional<PasswdEntry> found;
  each_entry(read_bounded("/etc/passwd"), 4, [&](const std::vector<std::string_view>& f) {
    const std::optional<unsigned long> id = number(f[2]);
    const std::optional<unsigned long> gid = number(f[3]);
    if (found || !id || !gid || *id != uid || f[0].empty()) return;
    found = PasswdEntry{std::string(f[0]), static_cast<gid_t>(*gid)};
  });
  return found;
}

}  // namespace

std::string user_name(uid_t uid) {
  const std::optional<PasswdEntry> entry = passwd_entry(uid);
  return entry ? entry->name : "";
}

std::vector<gid_t> user_groups(uid_t uid) {
  const std::optional<PasswdEntry> entry = passwd_entry(uid);
  if (!entry) return {};
  std::vector<gid_t> groups{entry->gid};
  each_entry(read_bounded("/etc/group"), 4, [&](const std::vector<std::string_view>& f) {
    const std::optional<unsigned long> gid = number(f[2]);
    if (!gid) return;
    for (const std::string_view member : split(f[3], ','))
      if (member == entry->name) groups.push_back(static_cast<gid_t>(*gid));
  });
  return groups;
}

}  // namespace iogate::detail
