#include "outcome_records.hpp"

#include "datastore/datastore_path.hpp"
#include "verdicts/baseline_precision.hpp"
#include "verdicts/decidable.hpp"

#include "common/utc_time.hpp"
#include "run_host.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>

namespace iogate {

RunContext describe_run(std::string suite, const std::filesystem::path& datastore,
                        std::string host_label) {
  RunContext context;
  context.iogate_version = IOGATE_VERSION;
  context.host = detail::host_name();
  context.host_label = std::move(host_label);
  context.started_at = detail::utc_seconds(std::chrono::system_clock::now());
  context.suite = std::move(suite);
  context.datastore = recorded_datastore(datastore).string();
  return context;
}

namespace {

// The numbers of a judgement in the figure's own unit where a chart needs them: a relative
// bound's fraction becomes the figure it stands for on this baseline (fraction x the baseline's
// median, as the verdict resolves it); the interval stays as judged (a ratio, said by `ratio`).
BoundFigures bound_figures(const Judgement& j, const Verdict& v) {
  BoundFigures f;
  f.figure = sample_key(*j.expectation);
  f.estimate = j.estimate;
  f.low = j.interval.lo;
  f.high = j.interval.hi;
  f.ratio = j.ratio;
  f.bound = j.bound;
  if (j.ratio) {
    f.bound = NAN;
    for (const Comparison& c : v.compared)
      if (c.expectation == j.expectation) f.bound = j.bound * c.baseline;
  }
  return f;
}

}  // namespace

CheckRecord make_check_record(const std::string& suite, const Check& check,
                              const CheckOutcome& outcome) {
  CheckRecord record;
  record.suite = suite;
  record.check = check.name;
  record.description = check.description;
  record.workload = check.workload;
  record.result = outcome.result;
  if (outcome.runs.size() > 1) {
    record.repeats = outcome.runs;
    record.shown_run = static_cast<int>(outcome.shown_run) + 1;
  }
  record.fingerprint_changes = outcome.fingerprint_changes;
  record.confirmation = outcome.confirmation;
  // The runs of the sample judged: after a confirmation its first runs were the first sample's.
  record.runs = static_cast<int>(outcome.runs.size()) -
                (outcome.confirmation ? outcome.confirmation->first_runs : 0);
  record.runs_allowed = outcome.verdict.runs_allowed;
  for (const Judgement& j : outcome.verdict.judgements) {
    ExpectationRecord e{
        j.expectation->key, decision_name(j.decision), describe_interval(j), {}, {}};
    if (const auto* peers = std::get_if<PeersBound>(&j.expectation->bound))
      e.peers = peers->fraction;
    e.figures = bound_figures(j, outcome.verdict);
    record.expectations.push_back(std::move(e));
  }
  const BaselineCheck* recorded =
      outcome.baseline != nullptr ? outcome.baseline->find(check.name) : nullptr;
  for (const Comparison& c : outcome.verdict.compared) {
    BaselineFigure figure{c.expectation->key, c.baseline, c.current, NAN, NAN};
    if (recorded != nullptr) {
      const auto it = recorded->samples.find(sample_key(*c.expectation));
      if (it != recorded->samples.end() && !it->second.empty()) {
        const auto [lo, hi] = std::minmax_element(it->second.begin(), it->second.end());
        figure.baseline_low = *lo;
        figure.baseline_high = *hi;
      }
    }
    record.baseline.push_back(figure);
  }
  if (outcome.baseline_mismatch) {
    record.status = CheckStatus::fail;
    record.messages.push_back(check.name + ": " + *outcome.baseline_mismatch);
    return record;
  }
  const Verdict& v = outcome.verdict;
  // Against a baseline a failure says how far off it is and what changed underneath since.
  std::string changed;
  for (const std::string& c : outcome.fingerprint_changes) changed += "; " + c;
  for (const Shortfall& s : v.shortfalls) {
    std::string line =
        // The head figure is the verdict's (a median, an interval); the tail names the table's
        // row, whose figures are one run's, so a reader sees which is which.
        failure_line(check, outcome.result, s, v.runs_allowed,
                     "the table's row, " + record.shown_run_text());
    for (const Comparison& c : v.compared) {
      if (c.expectation == s.expectation && c.baseline != 0)
        line += fmt::format("; {} {:+.0f}% vs baseline", check.name,
                            (c.current / c.baseline - 1.0) * 100.0);
    }
    if (outcome.baseline != nullptr && !changed.empty())
      line += "; changed since the baseline" + changed.substr(1);
    record.messages.push_back(std::move(line));
  }
  if (!v.shortfalls.empty()) {
    record.status = CheckStatus::fail;
  } else if (!v.unstable.empty()) {
    record.status = CheckStatus::unstable;
    for (const std::string& u : v.unstable)
      record.messages.push_back(check.name + ": unstable: " + u +
                                (outcome.budget_spent ? " (budget spent)" : ""));
    if (recorded != nullptr)
      if (const std::optional<std::string> loose = loose_baseline_note(check, recorded->samples))
        record.messages.push_back(check.name + ": " + *loose);
    Check as_run = check;  // --repeat-max may have changed its budget
    as_run.repeat_max = v.runs_allowed;
    const std::optional<int> against =
        recorded != nullptr ? baseline_runs(check, recorded->samples) : std::nullopt;
    for (const UndecidableBound& b : bounds_that_cannot_fail(as_run, against))
      record.messages.push_back(check.name + ": " + describe(b));
    if (!check.unstable_fails) record.status = CheckStatus::skipped;
  } else if (v.skipped) {
    record.status = CheckStatus::skipped;
    record.messages.push_back(check.name + ": skipped: " + *v.skipped);
  } else {
    record.status = CheckStatus::pass;
  }
  return record;
}

CheckRecord make_error_record(const std::string& suite, const Check& check, std::string message) {
  CheckRecord record;
  record.suite = suite;
  record.check = check.name;
  record.description = check.description;
  record.workload = check.workload;
  record.status = CheckStatus::error;
  record.messages.push_back(std::move(message));
  return record;
}

}  // namespace iogate
