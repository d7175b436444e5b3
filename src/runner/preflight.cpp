#include "preflight.hpp"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "iogate/common/units.hpp"
#include "iogate/datastore/scratch_area.hpp"
#include "iogate/engine/engine.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += (text.empty() ? "" : "\n") + line;
  return text;
}

std::uint64_t room_of(const VolumeFacts& facts, std::uint64_t scratch) {
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  return scratch > max - facts.available ? max : facts.available + scratch;
}

// Whether a check in `checks` bounds a figure by `baseline`: the checks whose runs would meet
// --strict-baseline (a check the baseline lacks is skipped instead).
bool bounded_by(const std::vector<Check>& checks, const Baseline& baseline) {
  return std::any_of(checks.begin(), checks.end(), [&](const Check& c) {
    return c.relative() && baseline.find(c.name) != nullptr;
  });
}

// The datastore's storage stack as a check's session reads it, for the filesystem it was
// recorded on; unknown (no field compared) when it cannot be read now: the session reads it
// again and its error is the check's.
StorageStack stack_of(const fs::path& datastore) {
  std::error_code ec;
  if (!fs::is_directory(datastore, ec)) return {};
  try {
    return read_storage_stack(datastore);
  } catch (const std::exception&) {
    return {};
  }
}

}  // namespace

PreflightRefusal::PreflightRefusal(std::vector<std::string> reasons)
    : std::runtime_error(joined(reasons)), reasons_(std::move(reasons)) {}

std::vector<std::string> preflight_reasons(const std::vector<Check>& checks,
                                           const fs::path& datastore,
                                           const std::optional<VolumeFacts>& facts,
                                           std::uint64_t scratch, bool engines) {
  std::vector<std::string> reasons;
  if (facts) {
    if (std::optional<std::string> why = volume_refusal(datastore, *facts)) {
      reasons.push_back(std::move(*why));
    } else {
      const std::uint64_t room = room_of(*facts, scratch);
      // Check by check, as the runner sets each up: checks sharing a test file need its room
      // once, and a file kept for later checks makes way for one that lacks room.
      for (const Check& check : checks) {
        const std::uint64_t needed = space_needed(check);
        if (space_required(needed) <= room) continue;
        std::string line =
            check.name + ": " + InsufficientSpace(datastore, needed, facts->available).what();
        if (scratch > 0)
          line +=
              fmt::format(" (and {} in iogate's scratch directories there)", format_size(scratch));
        reasons.push_back(std::move(line));
      }
    }
  }
  if (engines)
    for (const Check& check : checks)
      if (const std::optional<std::string> why = unrunnable_here(check.workload))
        reasons.push_back(check.name + " cannot run here: " + *why);
  return reasons;
}

std::optional<std::string> strict_baseline_reason(const std::vector<Check>& checks,
                                                  const Baseline& baseline, const std::string& host,
                                                  const fs::path& datastore,
                                                  const StorageStack& stack) {
  if (!bounded_by(checks, baseline)) return std::nullopt;
  return strict_baseline_refusal(baseline,
                                 baseline_provenance(baseline, host, datastore.string(), stack));
}

void preflight(const std::vector<Check>& checks, const DatastoreChoice& datastore, bool engines,
               const StrictBaseline& strict) {
  const std::optional<VolumeFacts> facts =
      read_datastore_volume(datastore.dir, datastore.policy.create_if_missing);
  const std::uint64_t scratch = facts ? scratch_bytes(datastore.dir) : 0;
  std::vector<std::string> reasons =
      preflight_reasons(checks, datastore.dir, facts, scratch, engines);
  // The storage stack is read only when a check would meet the rule.
  if (strict.baseline != nullptr && bounded_by(checks, *strict.baseline))
    if (std::optional<std::string> why = strict_baseline_reason(
            checks, *strict.baseline, strict.host, datastore.dir, stack_of(datastore.dir)))
      reasons.push_back(std::move(*why));
  if (!reasons.empty()) throw PreflightRefusal(std::move(reasons));
}

}  // namespace iogate
