#include "iogate/results/check_record.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace iogate {

const char* status_name(CheckStatus s) {
  switch (s) {
    case CheckStatus::pass:
      return "pass";
    case CheckStatus::fail:
      return "fail";
    case CheckStatus::unstable:
      return "unstable";
    case CheckStatus::skipped:
      return "skipped";
    case CheckStatus::error:
      return "error";
  }
  return "?";
}

std::string RunContext::host_shown() const {
  if (host_label.empty() || host_label == host) return host;
  return host.empty() ? host_label : host_label + " (hostname " + host + ")";
}

std::span<const RunResult> CheckRecord::judged_repeats() const {
  const std::span<const RunResult> all(repeats);
  if (!confirmation) return all;
  return all.subspan(std::min(all.size(), static_cast<std::size_t>(confirmation->first_runs)));
}

std::string CheckRecord::shown_run_text() const {
  if (repeats.size() < 2) return "the run";
  if (shown_run == 0) return fmt::format("the median run of {}", repeats.size());
  // After a confirmation the verdict counts the second sample's runs ("after 6 of 20 runs"): the
  // run is numbered among those, so the line's two counts speak of the same runs.
  if (confirmation && shown_run > confirmation->first_runs)
    return fmt::format("run {} of the second sample's {}", shown_run - confirmation->first_runs,
                       repeats.size() - static_cast<std::size_t>(confirmation->first_runs));
  return fmt::format("run {} of {}", shown_run, repeats.size());
}

std::string ConfirmationRecord::line() const {
  std::string out = fmt::format("{}: first sample at {}: {}; after a {:.0f} s pause: {}", outcome,
                                first_at, fmt::join(first, "; "), pause_s, fmt::join(second, "; "));
  if (!together.empty())
    out += fmt::format("; both samples together: {}", fmt::join(together, "; "));
  return out;
}

}  // namespace iogate
