// The platform-neutral half of cpu_usage.hpp: /proc/stat's text and the percentages;
// take_cpu_snapshot() is in cpu_snapshot_<platform>.cpp.
#include "cpu_usage.hpp"

#include <algorithm>
#include <array>
#include <charconv>

namespace iogate {

std::optional<SystemCpuTicks> parse_proc_stat(std::string_view text) {
  constexpr std::string_view kPrefix = "cpu ";
  if (!text.starts_with(kPrefix)) return std::nullopt;
  text.remove_prefix(kPrefix.size());
  text = text.substr(0, text.find('\n'));

  // user nice system idle iowait irq softirq steal [guest guest_nice]
  std::array<std::uint64_t, 8> fields{};
  for (auto& field : fields) {
    const auto start = text.find_first_not_of(' ');
    if (start == std::string_view::npos) return std::nullopt;
    text.remove_prefix(start);
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), field);
    if (ec != std::errc{}) return std::nullopt;
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
  }
  SystemCpuTicks ticks;
  for (const auto field : fields) ticks.total += field;
  ticks.busy = ticks.total - fields[3] - fields[4];
  return ticks;
}

CpuPercent cpu_percent(const CpuSnapshot& from, const CpuSnapshot& to, double wall_s) {
  CpuPercent pct;
  if (wall_s > 0) pct.process = 100.0 * (to.process_s - from.process_s) / wall_s;
  if (from.system && to.system && to.system->total > from.system->total) {
    // iowait is known to step backwards on some kernels, which moves `busy` either way: clamp.
    const double busy =
        static_cast<double>(to.system->busy) - static_cast<double>(from.system->busy);
    const double total = static_cast<double>(to.system->total - from.system->total);
    pct.system = std::clamp(100.0 * busy / total, 0.0, 100.0);
  }
  return pct;
}

}  // namespace iogate
