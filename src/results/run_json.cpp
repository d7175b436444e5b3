// The JSON codec of WorkloadSpec and RunResult; see run_json.hpp.
#include "run_json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "common/display_text.hpp"
#include "iogate/engine/figure_names.hpp"
#include "iogate/engine/workload_rules.hpp"
#include "json_fields.hpp"

namespace iogate {
namespace {

constexpr double kReportedPercentiles[] = {50, 90, 99, 99.9, 99.99};

using F = WorkloadField;

// The key of `field` in a workload object. For a steady-state time, its key in the
// "steady_state" object: the table spells it "steady_state.window_s".
std::string jkey(WorkloadField field) {
  const std::string_view key = workload_json_key(field);
  return std::string(key.substr(key.find('.') + 1));
}
std::string steady_object_key() {
  const std::string_view key = workload_json_key(F::steady_state);
  return std::string(key.substr(0, key.find('.')));
}

// The key of a direction's figures in a run's object.
const char* direction_name(IoDirection d) { return d == IoDirection::read ? "read" : "write"; }

// One bucket of "lat_histogram_ns": [low (incl.), high (excl.), count].
struct ReadBucket {
  std::uint64_t low = 0, high = 0, count = 0;
};

// The buckets, each checked: low below high, a count of at least 1, and no more values in all
// than the run has I/Os (each measured I/O records one latency), so a file cannot claim more
// than it measured.
std::vector<ReadBucket> read_buckets(const JsonFields& r, std::uint64_t ios) {
  std::vector<ReadBucket> out;
  std::uint64_t total = 0;
  r.for_each("lat_histogram_ns", [&](const nlohmann::json& b, const std::string& at) {
    const auto whole = [&](std::size_t i) {
      return b.is_array() && b.size() == 3 && b[i].is_number_unsigned();
    };
    if (!whole(0) || !whole(1) || !whole(2))
      throw ReadBackError(at + ": expected [low, high, count], three whole numbers");
    ReadBucket bucket{b[0].get<std::uint64_t>(), b[1].get<std::uint64_t>(),
                      b[2].get<std::uint64_t>()};
    if (bucket.low >= bucket.high || bucket.count == 0 || bucket.count > ios - total)
      throw ReadBackError(fmt::format(
          "{}: expected a bucket with low below high and from 1 value to as many as the run "
          "has I/Os not yet counted, got another bucket {}",
          at, kValueNotShown));
    total += bucket.count;
    out.push_back(bucket);
  });
  return out;
}

// Refills the histogram from its buckets (see the header): the first value recorded is the exact
// minimum, the last the exact maximum, and the others start at the lowest value their bucket can
// hold (its low edge, or the minimum in the minimum's bucket) and are raised within the bucket (to
// its top, or the maximum in the maximum's bucket), the earliest first, until their sum matches the
// recorded mean. So no value comes back below the minimum or above the maximum, and a percentile
// read back stays within the run's range. One record() per bucket and value, however many I/Os a
// bucket holds.
void restore_histogram(const JsonFields& r, std::uint64_t ios, LatencyHistogram& h) {
  const std::vector<ReadBucket> buckets = read_buckets(r, ios);
  if (buckets.empty()) return;
  constexpr auto kAny = std::numeric_limits<std::uint64_t>::max();
  const auto min = r.count_or("lat_min_ns", buckets.front().low, kAny);
  const auto max = r.count_or("lat_max_ns", buckets.back().low, kAny);
  // A bucket's values lie in [lowest, highest]; a hand-edited file whose minimum or maximum lies
  // outside its buckets keeps each bucket's own edges.
  const auto highest = [&](const ReadBucket& b) {
    return std::max(b.low, std::min(b.high - 1, max));
  };
  const auto lowest = [&](const ReadBucket& b) {
    return std::min(std::max(b.low, min), highest(b));
  };
  std::uint64_t count = 0;
  long double low_sum = 0;
  for (const ReadBucket& b : buckets) {
    count += b.count;
    low_sum += static_cast<long double>(lowest(b)) * static_cast<long double>(b.count);
  }
  const long double want =
      r.number_or("lat_mean_ns", 0, 0, static_cast<double>(kAny), "a mean in nanoseconds") *
      static_cast<long double>(count);
  low_sum += static_cast<long double>(min) - static_cast<long double>(lowest(buckets.front()));
  if (count > 1)
    low_sum += static_cast<long double>(max) - static_cast<long double>(lowest(buckets.back()));
  long double extra = std::max<long double>(0, std::round(want - low_sum));
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    const ReadBucket& b = buckets[i];
    const std::uint64_t low = lowest(b);
    std::uint64_t n = b.count;  // every bucket holds at least one (read_buckets)
    if (i == 0) {
      h.record(min);
      --n;
    }
    const bool holds_last = i + 1 == buckets.size() && count > 1;
    if (holds_last) --n;
    // The middle values: as many as the extra raises to the bucket's top, one raised by what is
    // left, the rest at the lowest value.
    const long double room = static_cast<long double>(highest(b) - low);
    const std::uint64_t full = room > 0
                                   ? static_cast<std::uint64_t>(std::min<long double>(
                                         static_cast<long double>(n), std::floor(extra / room)))
                                   : 0;
    h.record(highest(b), full);
    extra -= static_cast<long double>(full) * room;
    std::uint64_t rest = n - full;
    if (rest > 0 && extra > 0) {
      h.record(low + static_cast<std::uint64_t>(extra));
      extra = 0;
      --rest;
    }
    h.record(low, rest);
    if (holds_last) h.record(max);
  }
}

// Before a workload chose its layout, the test file was written through when the workload read
// and only preallocated when it did not: a file without "layout" reads as what it was run on, so
// its baseline still compares with a check that now says so. An unknown name throws, naming it.
FileLayout layout_from_json(const JsonFields& f, const WorkloadSpec& w) {
  if (f.find(jkey(F::layout)) == nullptr)
    return w.read_pct > 0 ? FileLayout::written : FileLayout::preallocated;
  const std::optional<FileLayout> layout = kFileLayouts.parse(f.text(jkey(F::layout), 16));
  if (!layout) f.fail(jkey(F::layout), choices_text(kFileLayouts.names));
  return *layout;
}

// Every key but the block-size mix's.
nlohmann::json workload_fields(const WorkloadSpec& w) {
  const auto seconds = [](std::chrono::nanoseconds d) {
    return std::chrono::duration<double>(d).count();
  };
  return {{jkey(F::block_size), w.block_size},
          {jkey(F::read_pct), w.read_pct},
          {jkey(F::random_pct), w.random_pct},
          {jkey(F::queue_depth), w.queue_depth},
          {jkey(F::file_size), w.file_size},
          {jkey(F::io_size), w.io_size},
          {jkey(F::duration), seconds(w.duration)},
          {jkey(F::ramp), seconds(w.ramp)},
          {jkey(F::direct), w.direct},
          {jkey(F::flush), kFlushPolicies.name(w.flush)},
          {jkey(F::engine), w.engine},
          {"seed", w.seed},
          {jkey(F::workers), w.workers},
          {jkey(F::verify), w.verify},
          {jkey(F::kind), kWorkloadKinds.name(w.kind)},
          {jkey(F::rate_iops), w.rate_iops},
          {jkey(F::rate_mbps), w.rate_mbps},
          {jkey(F::layout), kFileLayouts.name(w.layout)}};
}

// Every key but the per-size counts.
nlohmann::json run_fields(const RunResult& r);

}  // namespace

nlohmann::json workload_to_json(const WorkloadSpec& w) {
  nlohmann::json j = workload_fields(w);
  // Only when there is one: a workload of one size keeps the JSON it always had, so baselines
  // and fleet groups recorded before mixes existed still match it.
  if (!w.block_mix.empty()) {
    nlohmann::json mix = nlohmann::json::array();
    for (const BlockSizeShare& share : w.block_mix)
      mix.push_back({{jkey(F::block_size), share.block_size}, {"pct", share.pct}});
    j[jkey(F::block_mix)] = std::move(mix);
  }
  // Likewise only when named: a file laid out in the workload's own largest I/O, as before the key
  // existed, keeps its JSON.
  if (w.layout_write_size != 0) j[jkey(F::layout_write_size)] = w.layout_write_size;
  // And write-through: a workload without it keeps the JSON it had before the key existed.
  if (w.write_through) j[jkey(F::write_through)] = true;
  // And think time: a workload without pauses keeps its JSON.
  if (w.think_time.count() > 0) {
    j[jkey(F::think_time)] = std::chrono::duration<double>(w.think_time).count();
    j[jkey(F::think_blocks)] = w.think_blocks;
  }
  // And a skewed distribution, in fio's spelling: a uniform one keeps the JSON it had.
  if (!w.random_distribution.uniform())
    j[jkey(F::random_distribution)] = distribution_text(w.random_distribution);
  // And a steady-state phase: a workload without one keeps its JSON.
  if (const SteadyState& steady = w.steady_state; steady.enabled()) {
    const auto s = [](std::chrono::nanoseconds d) {
      return std::chrono::duration<double>(d).count();
    };
    j[steady_object_key()] = {{jkey(F::steady_state), steady_criterion_text(steady)},
                              {jkey(F::steady_window), s(steady.window)},
                              {jkey(F::steady_interval), s(steady.interval)},
                              {jkey(F::steady_max), s(steady.max_wait)}};
  }
  // And an alignment of random offsets above the grain: one on the grain keeps its JSON.
  if (random_alignment(w) != w.block_size) j[jkey(F::block_align)] = w.block_align;
  // And Poisson arrivals: a linear schedule keeps its JSON.
  if (w.rate_process != RateProcess::linear)
    j[jkey(F::rate_process)] = kRateProcesses.name(w.rate_process);
  // And pinned workers: a workload the scheduler placed keeps its JSON.
  if (w.cpu_affinity.pinned()) j[jkey(F::cpu_affinity)] = cpu_affinity_text(w.cpu_affinity);
  // And priority classes: a workload without them keeps its JSON.
  if (w.priority.set()) j[jkey(F::priority)] = priority_text(w.priority);
  if (w.cmd_priority.set()) {
    j[jkey(F::cmd_priority)] = priority_text(w.cmd_priority);
    j[jkey(F::cmd_priority_pct)] = w.cmd_priority_pct;
  }
  return j;
}

namespace {

constexpr const char* kSeconds = "a number of seconds from 0 to a year";

// A priority class a workload names (io_priority.hpp); none when the key is absent.
IoPriority priority_from_json(const JsonFields& f, const std::string& key) {
  if (f.find(key) == nullptr) return {};
  const std::optional<IoPriority> priority = parse_priority(f.text(key, 8));
  if (!priority) f.fail(key, std::string(kPriorityExpected));
  return *priority;
}

// A percentage of CPU: a process's may pass 100 (one core each), never the machine's cores.
constexpr double kMaxCpuPct = 100.0 * 65536;

// A count whose rule is the engine's (queue depth, workers): read whole first, so that a value
// too large for the field is refused with the rule's words, not truncated into range.
std::int64_t engine_count(const JsonFields& f, std::string_view key, std::int64_t fallback) {
  return static_cast<std::int64_t>(f.count_or(key, static_cast<std::uint64_t>(fallback)));
}

// A workload's steady_state object; its rules are checked with the workload's.
template <class ToNs>
SteadyState steady_state_from_json(const JsonFields& workload, ToNs ns) {
  const JsonFields f = workload.object(steady_object_key());
  SteadyState rule;
  if (auto problem = parse_steady_criterion(f.text(jkey(F::steady_state), 64), rule))
    f.check(jkey(F::steady_state), problem);
  const auto time = [&](WorkloadField field) {
    return ns(f.number(jkey(field), 0, kMaxReadBackSeconds, kSeconds));
  };
  rule.window = time(F::steady_window);
  rule.interval = time(F::steady_interval);
  rule.max_wait = time(F::steady_max);
  if (!rule.enabled()) f.fail(jkey(F::steady_window), "a window longer than 0 seconds");
  return rule;
}

}  // namespace

nlohmann::json compared_workload(const WorkloadSpec& spec) {
  nlohmann::json j = workload_to_json(spec);
  j.erase("seed");
  return j;
}

nlohmann::json stated_workload(const WorkloadSpec& spec, std::span<const WorkloadField> fields) {
  const nlohmann::json all = compared_workload(spec);
  nlohmann::json out = nlohmann::json::object();
  for (const WorkloadField field : fields) {
    const std::string key = jkey(field);
    out[key] = all.contains(key) ? all[key] : nlohmann::json(nullptr);
  }
  return out;
}

std::vector<WorkloadChange> workload_changes(const nlohmann::json& was, const nlohmann::json& now) {
  std::vector<WorkloadChange> out;
  for (auto it = now.begin(); it != now.end(); ++it) {
    const auto before = was.find(it.key());
    if (before == was.end())
      out.push_back({it.key(), nullptr, *it});
    else if (*before != *it)
      out.push_back({it.key(), *before, *it});
  }
  for (auto it = was.begin(); it != was.end(); ++it)
    if (!now.contains(it.key())) out.push_back({it.key(), *it, nullptr});
  return out;
}

WorkloadSpec workload_from_json(const nlohmann::json& j, std::string_view where) {
  const JsonFields f(j, std::string(where));
  WorkloadSpec w;
  constexpr const char* kPercent = "a percentage from 0 to 100";
  const auto count = [&](WorkloadField field, std::int64_t fallback,
                         std::optional<std::string> (*problem)(std::int64_t)) {
    const std::int64_t n = engine_count(f, jkey(field), fallback);
    f.check(jkey(field), problem(n));
    return static_cast<unsigned>(n);
  };
  w.block_size = f.count(jkey(F::block_size));
  w.read_pct = f.number(jkey(F::read_pct), 0, 100, kPercent);
  w.random_pct = f.number(jkey(F::random_pct), 0, 100, kPercent);
  w.queue_depth = count(F::queue_depth, -1, queue_depth_problem);
  w.file_size = f.count(jkey(F::file_size));
  w.io_size = f.count(jkey(F::io_size));
  const auto ns = [](double s) { return std::chrono::nanoseconds(std::llround(s * 1e9)); };
  w.duration = ns(f.number(jkey(F::duration), 0, kMaxReadBackSeconds, kSeconds));
  w.ramp = ns(f.number(jkey(F::ramp), 0, kMaxReadBackSeconds, kSeconds));
  w.direct = f.flag(jkey(F::direct));
  const std::optional<FlushPolicy> flush = kFlushPolicies.parse(f.text(jkey(F::flush), 16));
  if (!flush) f.fail(jkey(F::flush), choices_text(kFlushPolicies.names));
  w.flush = *flush;
  // Results from before a key existed lack it: each reads as what those runs did.
  w.write_through = f.flag_or(jkey(F::write_through), false);
  w.engine = f.text(jkey(F::engine), 64);
  w.seed = f.count_or("seed", 0, std::numeric_limits<std::uint64_t>::max());
  w.workers = count(F::workers, 1, workers_problem);
  w.verify = f.flag_or(jkey(F::verify), false);
  const std::optional<WorkloadKind> kind =
      kWorkloadKinds.parse(f.text_or(jkey(F::kind), kWorkloadKinds.name(WorkloadKind::mixed), 16));
  if (!kind) f.fail(jkey(F::kind), choices_text(kWorkloadKinds.names));
  w.kind = *kind;
  constexpr const char* kRate = "0 (no cap) or a positive number";
  constexpr double kMaxRate = std::numeric_limits<double>::max();
  w.rate_iops = f.number_or(jkey(F::rate_iops), 0, 0, kMaxRate, kRate);
  w.rate_mbps = f.number_or(jkey(F::rate_mbps), 0, 0, kMaxRate, kRate);
  w.block_align = f.count_or(jkey(F::block_align), 0);
  const std::optional<RateProcess> rate_process = kRateProcesses.parse(
      f.text_or(jkey(F::rate_process), kRateProcesses.name(RateProcess::linear), 16));
  if (!rate_process) f.fail(jkey(F::rate_process), choices_text(kRateProcesses.names));
  w.rate_process = *rate_process;
  w.priority = priority_from_json(f, jkey(F::priority));
  w.cmd_priority = priority_from_json(f, jkey(F::cmd_priority));
  w.cmd_priority_pct = f.number_or(jkey(F::cmd_priority_pct), 0, 0, 100, kPercent);
  ParsedAffinity affinity =
      parse_cpu_affinity(f.text_or(jkey(F::cpu_affinity), cpu_affinity_text(CpuAffinity{}), 64));
  if (!affinity.affinity) f.check(jkey(F::cpu_affinity), affinity.problem);
  w.cpu_affinity = std::move(*affinity.affinity);
  w.layout = layout_from_json(f, w);
  w.layout_write_size = f.count_or(jkey(F::layout_write_size), 0);
  w.think_time = ns(f.number_or(jkey(F::think_time), 0, 0, kMaxReadBackSeconds, kSeconds));
  w.think_blocks = count(F::think_blocks, 1, think_blocks_problem);
  ParsedDistribution distribution = parse_random_distribution(
      f.text_or(jkey(F::random_distribution), distribution_text(RandomDistribution{})));
  if (!distribution.distribution) f.check(jkey(F::random_distribution), distribution.problem);
  w.random_distribution = std::move(*distribution.distribution);
  if (f.find(steady_object_key()) != nullptr) w.steady_state = steady_state_from_json(f, ns);
  f.for_each(jkey(F::block_mix), [&](const nlohmann::json& share, const std::string& at) {
    const JsonFields s(share, at);
    w.block_mix.push_back({s.count(jkey(F::block_size)), s.number("pct", 0, 100, kPercent)});
  });
  // The engine's own rules, the cross-field ones too: a workload it would not run is no record.
  if (const auto problem = find_workload_problem(w))
    f.check(workload_json_key(problem->field), problem->expected);
  return w;
}

nlohmann::json run_to_json(const RunResult& r) {
  nlohmann::json j = run_fields(r);
  if (!r.block_sizes.empty()) {
    // ios_pct: the measured share of the I/Os, to set beside the mix's asked pct.
    nlohmann::json sizes = nlohmann::json::array();
    for (const BlockSizeCount& c : r.block_sizes) {
      const double share =
          r.ios() > 0 ? 100.0 * static_cast<double>(c.ios) / static_cast<double>(r.ios()) : 0.0;
      sizes.push_back({{jkey(F::block_size), c.block_size},
                       {"ios", c.ios},
                       {"bytes", c.bytes},
                       {"ios_pct", share}});
    }
    j["block_sizes"] = std::move(sizes);
  }
  return j;
}

namespace {

// The lat_ keys of a histogram: figures in ms for reading, and the ns fields and buckets that
// restore_histogram reads back.
nlohmann::json latency_fields(const LatencyHistogram& h) {
  nlohmann::json percentiles = nlohmann::json::object();
  for (double q : kReportedPercentiles) percentiles[fmt::format("{:g}", q)] = percentile_ms(h, q);
  nlohmann::json buckets = nlohmann::json::array();
  for (const LatencyHistogram::Bucket& b : h.nonempty_buckets())
    buckets.push_back({b.low_ns, b.high_ns, b.count});
  return {{figure_name({Metric::latency_avg}).run_key, avg_ms(h)},
          {"lat_min_ms", min_ms(h)},
          {figure_name({Metric::latency_max}).run_key, max_ms(h)},
          {figure_name({Metric::latency_percentile, 99}).run_key, percentile_ms(h, 99)},
          {"lat_percentiles_ms", percentiles},
          {"lat_min_ns", h.min_ns()},
          {"lat_max_ns", h.max_ns()},
          {"lat_mean_ns", h.mean_ns()},
          {"lat_histogram_ns", buckets}};  // [low (incl.), high (excl.), count], nonempty only
}

// The fields restore_histogram reads a histogram back from.
constexpr const char* kHistogramKeys[] = {"lat_min_ns", "lat_max_ns", "lat_mean_ns",
                                          "lat_histogram_ns"};

// "read" and "write": each direction the run did I/O in, its rates and latencies (its counts are
// the run's ios_read, bytes_read ...). A direction it did not do is absent, not zeros. A run of
// one direction has that direction's histogram written once, as the run's (run_from_json).
void add_directions(const RunResult& r, nlohmann::json& j) {
  for (const IoDirection d : {IoDirection::read, IoDirection::write}) {
    if (!r.has_direction(d)) continue;
    nlohmann::json side = latency_fields(r.latency_of(d));
    if (r.ios_of(d) == r.ios())
      for (const char* key : kHistogramKeys) side.erase(key);
    side["iops"] = r.iops_of(d);
    side["mbps"] = r.mbps_of(d);
    j[direction_name(d)] = std::move(side);
  }
}

// "prioritized" and "unprioritized": with a cmd_priority share, the latencies of the I/Os issued
// at it and of the rest, each with its count (ios, ios_pct of the run); absent without one.
void add_priorities(const RunResult& r, nlohmann::json& j) {
  const std::uint64_t total = r.prioritized_latency.count() + r.unprioritized_latency.count();
  if (total == 0) return;
  for (const bool prioritized : {true, false}) {
    const LatencyHistogram& h = prioritized ? r.prioritized_latency : r.unprioritized_latency;
    nlohmann::json side = latency_fields(h);
    side["ios"] = h.count();
    side["ios_pct"] = 100.0 * static_cast<double>(h.count()) / static_cast<double>(total);
    j[prioritized ? "prioritized" : "unprioritized"] = std::move(side);
  }
}

nlohmann::json run_fields(const RunResult& r) {
  nlohmann::json intervals = nlohmann::json::array();
  for (const IntervalSample& s : r.intervals)
    intervals.push_back({{"start_s", s.start_s},
                         {"length_s", s.length_s},
                         {"bytes", s.bytes},
                         {"ios", s.ios},
                         {"mbps", s.mbps()},
                         {"iops", s.iops()}});
  nlohmann::json j{{"engine", r.engine},
                   {"engine_note", r.engine_note},
                   {jkey(F::queue_depth), r.queue_depth},
                   {jkey(F::workers), r.workers},
                   {"blocks_verified", r.blocks_verified},
                   {"seed", r.seed},
                   {"completed", r.completed},
                   {"iops", r.iops()},
                   {"mbps", r.mbps()},
                   {"bytes", r.bytes()},
                   {"ios", r.ios()},
                   {"bytes_read", r.bytes_read},
                   {"bytes_written", r.bytes_written},
                   {"ios_read", r.ios_read},
                   {"ios_written", r.ios_written},
                   {"duration_s", r.elapsed_s},
                   {"flush_s", r.flush_s},
                   {"cpu_pct", r.cpu_process_pct},
                   {"cpu_system_pct", r.cpu_system_pct},
                   {"intervals", intervals}};
  j.update(latency_fields(r.latency));
  add_directions(r, j);
  add_priorities(r, j);
  if (r.steady_state) {
    nlohmann::json steady{{"settled", r.steady_state->settled},
                          {"after_s", r.steady_state->after_s}};
    if (r.steady_state->criterion) steady["criterion"] = *r.steady_state->criterion;
    j["steady_state"] = std::move(steady);
  }
  return j;
}

}  // namespace

RunResult run_from_json(const nlohmann::json& j, std::string_view where) {
  RunResult r;
  run_from_json(j, where, r);
  return r;
}

void run_from_json(const nlohmann::json& j, std::string_view where, RunResult& r,
                   RunLatencies latencies) {
  const JsonFields f(j, std::string(where));
  const bool all = latencies == RunLatencies::all;
  r.engine = f.text("engine", 64);
  r.engine_note = f.text_or("engine_note", "");
  // An error's record holds a run that never started, with the defaults (1 and 1): in range.
  const std::int64_t depth = engine_count(f, jkey(F::queue_depth), -1);
  f.check(jkey(F::queue_depth), queue_depth_problem(depth));
  r.queue_depth = static_cast<unsigned>(depth);
  const std::int64_t workers = engine_count(f, jkey(F::workers), 1);
  f.check(jkey(F::workers), workers_problem(workers));
  r.workers = static_cast<unsigned>(workers);
  r.blocks_verified = f.count_or("blocks_verified", 0);
  r.seed = f.count_or("seed", 0, std::numeric_limits<std::uint64_t>::max());
  r.completed = f.flag_or("completed", true);
  if (f.find("steady_state") != nullptr) {
    const JsonFields steady = f.object("steady_state");
    SteadyStateOutcome outcome;
    outcome.settled = steady.flag("settled");
    outcome.after_s = steady.number("after_s", 0, kMaxReadBackSeconds, kSeconds);
    if (steady.find("criterion") != nullptr)
      outcome.criterion = steady.number("criterion", -std::numeric_limits<double>::max(),
                                        std::numeric_limits<double>::max(), "a number");
    r.steady_state = outcome;
  }
  r.bytes_read = f.count("bytes_read");
  r.bytes_written = f.count("bytes_written");
  r.ios_read = f.count("ios_read");
  r.ios_written = f.count("ios_written");
  if (r.ios() > kMaxReadBackCount)
    f.fail("ios_written", "a count that with ios_read is at most 2^53");
  r.elapsed_s = f.number("duration_s", 0, kMaxReadBackSeconds, kSeconds);
  // A run that moved data took time: below the engine's nanosecond its rates are infinite.
  if ((r.ios() > 0 || r.bytes() > 0) && r.elapsed_s < kMinRunSeconds)
    f.fail("duration_s", "a positive number of seconds");
  r.flush_s = f.number_or("flush_s", 0, 0, kMaxReadBackSeconds, kSeconds);
  constexpr const char* kCpu = "a percentage of 0 or more";
  r.cpu_process_pct = f.number_or("cpu_pct", 0, 0, kMaxCpuPct, kCpu);
  r.cpu_system_pct = f.number_or("cpu_system_pct", 0, 0, 100, "a percentage from 0 to 100");
  restore_histogram(f, r.ios(), r.latency);
  for (const IoDirection d : {IoDirection::read, IoDirection::write}) {
    LatencyHistogram& h = d == IoDirection::read ? r.read_latency : r.write_latency;
    // No more latencies than the direction has I/Os: one with none has no buckets at all.
    if (f.find(direction_name(d)) != nullptr && !all)
      (void)read_buckets(f.object(direction_name(d)), r.ios_of(d));
    if (!all) continue;
    if (f.find(direction_name(d)) != nullptr)
      restore_histogram(f.object(direction_name(d)), r.ios_of(d), h);
    // A run of one direction: its latencies are the run's, written once (and so in files from
    // before directions were kept).
    if (h.count() == 0 && r.ios_of(d) > 0 && r.ios_of(d) == r.ios()) h = r.latency;
  }
  for (const bool prioritized : {true, false}) {
    const char* key = prioritized ? "prioritized" : "unprioritized";
    if (f.find(key) == nullptr) continue;
    const JsonFields side = f.object(key);
    if (!all) {
      (void)read_buckets(side, side.count("ios"));
      continue;
    }
    restore_histogram(side, side.count("ios"),
                      prioritized ? r.prioritized_latency : r.unprioritized_latency);
  }
  f.for_each("intervals", [&](const nlohmann::json& s, const std::string& at) {
    const JsonFields i(s, at);
    IntervalSample sample{i.number("start_s", 0, kMaxReadBackSeconds, kSeconds),
                          i.number("length_s", 0, kMaxReadBackSeconds, kSeconds), i.count("bytes"),
                          i.count("ios")};
    if ((sample.ios > 0 || sample.bytes > 0) && sample.length_s < kMinRunSeconds)
      i.fail("length_s", "a positive number of seconds");
    r.intervals.push_back(sample);
  });
  f.for_each("block_sizes", [&](const nlohmann::json& c, const std::string& at) {
    const JsonFields size(c, at);
    const std::uint64_t block = size.count(jkey(F::block_size));
    size.check(jkey(F::block_size), block_size_problem(block));
    r.block_sizes.push_back({block, size.count("ios"), size.count("bytes")});
  });
}

}  // namespace iogate
