#include "mountinfo.hpp"

#include "common/posix_error.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <fstream>
#include <stdexcept>
#include <system_error>

namespace iogate::detail {
namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  while (!text.empty()) {
    const std::size_t end = text.find(separator);
    if (end != 0) parts.push_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return parts;
}

bool is_octal(char c) { return c >= '0' && c <= '7'; }

unsigned parse_number(std::string_view text, std::string_view line) {
  unsigned value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) {
    throw std::invalid_argument("expected a device number major:minor, got \"" + std::string(text) +
                                "\" in \"" + std::string(line) + "\"");
  }
  return value;
}

bool is_same_or_parent(std::string_view mount_point, std::string_view path) {
  if (mount_point == "/") return path.starts_with('/');
  return path.starts_with(mount_point) &&
         (path.size() == mount_point.size() || path[mount_point.size()] == '/');
}

}  // namespace

std::string unescape_mount_field(std::string_view field) {
  std::string out;
  out.reserve(field.size());
  for (std::size_t i = 0; i < field.size(); ++i) {
    if (field[i] == '\\' && i + 3 < field.size() && field[i + 1] <= '3' && is_octal(field[i + 1]) &&
        is_octal(field[i + 2]) && is_octal(field[i + 3])) {
      out.push_back(static_cast<char>((field[i + 1] - '0') * 64 + (field[i + 2] - '0') * 8 +
                                      (field[i + 3] - '0')));
      i += 3;
    } else {
      out.push_back(field[i]);
    }
  }
  return out;
}

MountEntry parse_mountinfo_line(std::string_view line) {
  const std::vector<std::string_view> fields = split(line, ' ');
  std::size_t dash = 6;
  while (dash < fields.size() && fields[dash] != "-") ++dash;
  if (fields.size() < 6 || dash + 2 >= fields.size()) {  // no "-", fstype or source
    throw std::invalid_argument(
        "expected \"id parent major:minor root mount-point options ... - "
        "fstype source super-options\", got \"" +
        std::string(line) + "\"");
  }
  const std::size_t colon = fields[2].find(':');
  if (colon == std::string_view::npos) {
    throw std::invalid_argument("expected a device number major:minor, got \"" +
                                std::string(fields[2]) + "\" in \"" + std::string(line) + "\"");
  }
  MountEntry entry;
  entry.major = parse_number(fields[2].substr(0, colon), line);
  entry.minor = parse_number(fields[2].substr(colon + 1), line);
  entry.root = unescape_mount_field(fields[3]);
  entry.mount_point = unescape_mount_field(fields[4]);
  entry.options = std::string(fields[5]);
  entry.fstype = unescape_mount_field(fields[dash + 1]);
  entry.source = unescape_mount_field(fields[dash + 2]);
  if (dash + 3 < fields.size()) entry.super_options = unescape_mount_field(fields[dash + 3]);
  return entry;
}

std::vector<MountEntry> read_mountinfo(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) detail::throw_errno(errno, "open", file);
  std::vector<MountEntry> mounts;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    try {
      mounts.push_back(parse_mountinfo_line(line));
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(file.string() + ":" + std::to_string(number) + ": " + e.what());
    }
  }
  if (in.bad()) throw std::system_error(EIO, std::generic_category(), "read " + file.string());
  return mounts;
}

const MountEntry* find_mount(const std::vector<MountEntry>& mounts, const std::string& path) {
  const MountEntry* best = nullptr;
  for (const MountEntry& m : mounts) {
    if (is_same_or_parent(m.mount_point, path) &&
        (best == nullptr || m.mount_point.size() >= best->mount_point.size()))
      best = &m;
  }
  return best;
}

std::optional<MountEntry> mount_holding(const std::filesystem::path& dir) {
  std::error_code ec;
  const std::filesystem::path real = std::filesystem::canonical(dir, ec);
  if (ec) detail::throw_errno(ec.value(), "realpath", dir);
  const std::vector<MountEntry> mounts = read_mountinfo("/proc/self/mountinfo");
  const MountEntry* mount = find_mount(mounts, real.string());
  if (mount == nullptr) return std::nullopt;
  return *mount;
}

std::string merge_options(const std::string& per_mount, const std::string& super) {
  std::string out = per_mount;
  const std::vector<std::string_view> have = split(per_mount, ',');
  for (std::string_view option : split(super, ',')) {
    if (std::find(have.begin(), have.end(), option) != have.end()) continue;
    if (!out.empty()) out += ',';
    out += option;
  }
  return out;
}

}  // namespace iogate::detail
