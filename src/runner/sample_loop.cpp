#include "sample_loop.hpp"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <numeric>

#include "common/utc_time.hpp"
#include "verdicts/fail_fast.hpp"

namespace iogate::detail {
namespace {

// The run whose first expectation's figure is the median: the one the table row shows.
std::size_t median_run(const Check& check, const std::vector<RunResult>& runs) {
  std::vector<std::size_t> order(runs.size());
  std::iota(order.begin(), order.end(), 0);
  if (check.expectations.empty()) return runs.size() / 2;
  const Expectation& e = check.expectations.front();
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return measured_value(e, runs[a]) < measured_value(e, runs[b]);
  });
  return order[(order.size() - 1) / 2];
}

// Adds one run's figures; a run fail-fast stopped adds, for the bound it stopped on, the best
// figure it could still have reached (fail_fast.hpp) instead of its partial one.
void add_samples(const Check& check, const RunResult& run, const FailFast* fail_fast,
                 MetricSamples& samples) {
  for (const auto& [key, values] : collect_samples(check, {run}))
    samples[key].push_back(values.front());
  if (fail_fast == nullptr) return;
  if (const auto& stop = fail_fast->stopped())
    samples[sample_key(*stop->expectation)].back() = fail_fast->certain_figure();
}

double seconds(Nanoseconds d) { return std::chrono::duration<double>(d).count(); }

}  // namespace

Sample run_sample(const Check& check, const FileRef& test_file, const JudgeOptions& options,
                  const SampleRule& rule, bool first) {
  Sample out;
  MetricSamples& samples = out.samples;
  out.started_at = utc_millis(std::chrono::system_clock::now());
  const auto started = std::chrono::steady_clock::now();
  Nanoseconds& longest_run = out.longest_run;
  for (int i = 0; i < rule.max_runs; ++i) {
    if ((i > 0 || !first) && options.before_rerun) options.before_rerun();
    std::optional<FailFast> fail_fast;
    if (rule.fail_fast) fail_fast.emplace(check, rule.reference);
    RunOptions run;
    if (options.make_backend) run.backend = options.make_backend();
    run.on_interval = [&](const RunResult& so_far) {
      if (options.on_interval && !options.on_interval(so_far)) return false;
      return !fail_fast || fail_fast->on_interval(so_far);
    };
    const auto run_started = std::chrono::steady_clock::now();
    out.runs.push_back(run_workload(check.workload, test_file, std::move(run)));
    const auto now = std::chrono::steady_clock::now();
    longest_run = std::max<Nanoseconds>(longest_run, now - run_started);
    add_samples(check, out.runs.back(), fail_fast ? &*fail_fast : nullptr, samples);
    if (fail_fast && fail_fast->stopped()) {
      ++out.stops.count;
      if (!out.stops.first) out.stops.first = fail_fast->stopped();
    }
    if (static_cast<int>(out.runs.size()) < rule.min_runs) continue;
    if (rule.done(out.runs, samples)) break;
    if (rule.budget && seconds(now - started) + seconds(longest_run) > seconds(*rule.budget)) {
      out.budget_spent = true;
      break;
    }
  }
  out.took = std::chrono::steady_clock::now() - started;
  out.stops.of_runs = static_cast<int>(out.runs.size());
  return out;
}

void adopt(Sample&& sample, const Check& check, CheckOutcome& outcome) {
  const std::size_t median = median_run(check, sample.runs);
  outcome.result = sample.runs[median];
  outcome.shown_run = outcome.runs.size() + median;
  outcome.verdict = std::move(sample.verdict);
  outcome.budget_spent = sample.budget_spent;
  outcome.runs.insert(outcome.runs.end(), std::make_move_iterator(sample.runs.begin()),
                      std::make_move_iterator(sample.runs.end()));
}

void pause_for(const JudgeOptions& options, const Pause& pause) {
  if (options.pause)
    options.pause(pause);
  else
    pause_unless_stopped(pause);
}

}  // namespace iogate::detail
