#include "iogate/engine/cpu_affinity.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "iogate/engine/workload_keys.hpp"

namespace iogate {
namespace {

constexpr std::string_view kNone = "none";
constexpr std::string_view kRoundRobin = "round-robin";
constexpr std::string_view kExpected = R"("none", "round-robin" or a list of CPUs like "0,2,4-7")";

std::optional<unsigned> cpu_number(std::string_view text) {
  unsigned value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end || value >= kMaxCpus) return std::nullopt;
  return value;
}

// "0,2-3" folded from the list: runs of consecutive CPUs as FIRST-LAST.
std::string list_text(const std::vector<unsigned>& cpus) {
  std::string text;
  for (std::size_t i = 0; i < cpus.size();) {
    std::size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    if (!text.empty()) text += ',';
    text += j > i ? fmt::format("{}-{}", cpus[i], cpus[j]) : std::to_string(cpus[i]);
    i = j + 1;
  }
  return text;
}

}  // namespace

std::string cpu_affinity_text(const CpuAffinity& affinity) {
  switch (affinity.mode) {
    case CpuAffinity::Mode::round_robin:
      return std::string(kRoundRobin);
    case CpuAffinity::Mode::list:
      return list_text(affinity.cpus);
    case CpuAffinity::Mode::none:
      break;
  }
  return std::string(kNone);
}

ParsedAffinity parse_cpu_affinity(std::string_view text) {
  if (text == kNone) return {CpuAffinity{}, {}};
  if (text == kRoundRobin) return {CpuAffinity{CpuAffinity::Mode::round_robin, {}}, {}};
  CpuAffinity affinity{CpuAffinity::Mode::list, {}};
  const auto bad = [&](std::string_view why) {
    return ParsedAffinity{std::nullopt, fmt::format("expected {}: {}", kExpected, why)};
  };
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, end - start);
    const std::size_t dash = item.find('-');
    const auto first = cpu_number(item.substr(0, dash));
    const auto last = dash == std::string_view::npos ? first : cpu_number(item.substr(dash + 1));
    if (!first || !last) {
      return bad(fmt::format("each item a CPU number below {} or a range FIRST-LAST", kMaxCpus));
    }
    if (*last < *first) return bad("a range's first CPU above its last");
    for (unsigned cpu = *first; cpu <= *last; ++cpu) {
      if (std::find(affinity.cpus.begin(), affinity.cpus.end(), cpu) != affinity.cpus.end())
        return bad(fmt::format("CPU {} named twice", cpu));
      affinity.cpus.push_back(cpu);
    }
    start = end + 1;
  }
  return {std::move(affinity), {}};
}

std::optional<unsigned> worker_cpu(const CpuAffinity& affinity, unsigned worker,
                                   const std::vector<unsigned>& usable) {
  if (!affinity.pinned()) return std::nullopt;
  const std::string_view key = workload_key(WorkloadField::cpu_affinity);
  if (usable.empty()) throw std::invalid_argument(fmt::format("{}: no CPU to run on", key));
  if (affinity.mode == CpuAffinity::Mode::round_robin) return usable[worker % usable.size()];
  for (const unsigned cpu : affinity.cpus) {
    if (!std::binary_search(usable.begin(), usable.end(), cpu)) {
      throw std::invalid_argument(
          fmt::format("{} {}: CPU {} is not one this process may run on (it may use {})", key,
                      list_text(affinity.cpus), cpu, list_text(usable)));
    }
  }
  return affinity.cpus[worker % affinity.cpus.size()];
}

}  // namespace iogate
