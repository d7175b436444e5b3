#include "marker.hpp"

#include "common/utc_time.hpp"

#include <charconv>

namespace iogate::detail {
namespace {

constexpr std::string_view kHeader = "iogate scratch directory";

std::string iso_utc(std::time_t t) { return utc_date_time(t) + "Z"; }

// Splits off the next line (without its '\n') from `text`.
std::string_view next_line(std::string_view& text) {
  const std::size_t end = text.find('\n');
  const std::string_view line = text.substr(0, end);
  text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
  return line;
}

}  // namespace

std::string marker_text(ProcessId pid, const std::string& host, std::time_t started,
                        const std::string& label) {
  std::string text = std::string(kHeader) + "\npid=" + std::to_string(pid) + "\nhost=" + host +
                     "\nstarted=" + iso_utc(started) + "\n";
  if (!label.empty()) text += "label=" + label + "\n";
  return text;
}

std::optional<MarkerInfo> parse_marker(std::string_view text) {
  if (next_line(text) != kHeader) return std::nullopt;
  std::optional<ProcessId> pid;
  std::optional<std::string> host;
  std::string label;
  while (!text.empty()) {
    const std::string_view line = next_line(text);
    if (line.starts_with("pid=")) {
      const std::string_view digits = line.substr(4);
      ProcessId value = 0;
      const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
      if (ec != std::errc() || end != digits.data() + digits.size() || value <= 0)
        return std::nullopt;
      pid = value;
    } else if (line.starts_with("host=")) {
      host = std::string(line.substr(5));
    } else if (line.starts_with("label=")) {
      label = std::string(line.substr(6));
    }
  }
  if (!pid || !host || host->empty()) return std::nullopt;
  return MarkerInfo{*pid, *host, label};
}

}  // namespace iogate::detail
