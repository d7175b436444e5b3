#include "repetition_keys.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace iogate::thresholds_detail {
namespace {

int runs_value(const Section& s, const toml::node& n, std::string_view key) {
  const std::int64_t r = integer_value(s, n, key);
  if (r < 1 || r > kMaxRepeat)
    s.fail(n, key,
           fmt::format("expected a number of runs from 1 to {}, got {}", kMaxRepeat, describe(n)));
  return static_cast<int>(r);
}

Nanoseconds budget_value(const Section& s, const toml::node& n) {
  const Nanoseconds d = duration_value(s, n, "budget");
  if (d < kMinBudget)
    s.fail(n, "budget", fmt::format("expected a time budget of at least 1s, got {}", describe(n)));
  return d;
}

bool unstable_value(const Section& s, const toml::node& n) {
  const std::string v = string_value(s, n, "unstable");
  if (v == "fail") return true;
  if (v == "skip") return false;
  s.fail(n, "unstable",
         fmt::format("expected \"fail\" (an undecided check fails its test) or \"skip\" (it is "
                     "reported skipped), got {}",
                     describe(n)));
}

Nanoseconds pause_value(const Section& s, const toml::node& n) {
  const Nanoseconds d = duration_value(s, n, "confirm_pause");
  if (d < kMinConfirmPause || d > kMaxConfirmPause)
    s.fail(n, "confirm_pause",
           fmt::format("expected a pause from 1s to 1h before the confirming sample, got {}",
                       describe(n)));
  return d;
}

}  // namespace

RepetitionFields read_repetition(const Section& s, const toml::table& table) {
  RepetitionFields out;
  if (const toml::node* n = table.get("repeat")) out.repeat = runs_value(s, *n, "repeat");
  if (const toml::node* n = table.get("repeat_max"))
    out.repeat_max = runs_value(s, *n, "repeat_max");
  if (const toml::node* n = table.get("budget")) out.budget = budget_value(s, *n);
  if (const toml::node* n = table.get("unstable")) out.unstable_fails = unstable_value(s, *n);
  if (const toml::node* n = table.get("confirm")) out.confirm = bool_value(s, *n, "confirm");
  if (const toml::node* n = table.get("confirm_pause")) out.confirm_pause = pause_value(s, *n);
  if (out.repeat && out.repeat_max && *out.repeat_max < *out.repeat)
    s.fail(*table.get("repeat_max"), "repeat_max",
           fmt::format("repeat_max {} is below repeat {}: a check makes at least `repeat` runs "
                       "and at most `repeat_max`",
                       *out.repeat_max, *out.repeat));
  return out;
}

void apply_repetition(const RepetitionFields& own, const Section& own_section,
                      const toml::table& own_table, const RepetitionFields& suite,
                      std::size_t checks, Check& check) {
  check.repeat = own.repeat.value_or(suite.repeat.value_or(1));
  check.repeat_max =
      own.repeat_max.value_or(suite.repeat_max.value_or(std::max(check.repeat, kDefaultRepeatMax)));
  if (check.repeat_max < check.repeat) {
    // read_repetition already refused the pair within one table: one of them is the check's own.
    const char* key = own.repeat_max ? "repeat_max" : "repeat";
    own_section.fail(*own_table.get(key), key,
                     fmt::format("repeat_max {} is below repeat {}: a check makes at least "
                                 "`repeat` runs and at most `repeat_max`",
                                 check.repeat_max, check.repeat));
  }
  check.budget = own.budget;
  if (suite.budget) {
    const auto share = *suite.budget / static_cast<std::int64_t>(std::max<std::size_t>(checks, 1));
    check.budget = check.budget ? std::min(*check.budget, share) : share;
  }
  check.unstable_fails = own.unstable_fails.value_or(suite.unstable_fails.value_or(true));
  check.confirm = own.confirm.value_or(suite.confirm.value_or(true));
  check.confirm_pause = own.confirm_pause ? own.confirm_pause : suite.confirm_pause;
}

}  // namespace iogate::thresholds_detail
