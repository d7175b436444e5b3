// The JSON codec of WorkloadSpec and RunResult; see run_json.hpp.
#include "iogate/results/run_json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "iogate/display_text.hpp"
#include "iogate/engine/workload_rules.hpp"
#include "iogate/results/json_fields.hpp"

namespace iogate {
namespace {

constexpr double kReportedPercentiles[] = {50, 90, 99, 99.9, 99.99};

const char* flush_name(FlushPolicy p) { return p == FlushPolicy::end ? "end" : "none"; }

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
// minimum, the last the exact maximum, and the others start at their bucket's low edge and are
// raised within the bucket, the earliest first, until their sum matches the recorded mean. One
// record() per bucket and value, however many I/Os a bucket holds.
void restore_histogram(const JsonFields& r, std::uint64_t ios, LatencyHistogram& h) {
  const std::vector<ReadBucket> buckets = read_buckets(r, ios);
  std::uint64_t count = 0;
  long double low_sum = 0;
  for (const ReadBucket& b : buckets) {
    count += b.count;
    low_sum += static_cast<long double>(b.low) * static_cast<long double>(b.count);
  }
  if (count == 0) return;
  constexpr auto kAny = std::numeric_limits<std::uint64_t>::max();
  const auto min = r.count_or("lat_min_ns", buckets.front().low, kAny);
  const auto max = r.count_or("lat_max_ns", buckets.back().low, kAny);
  const long double want =
      r.number_or("lat_mean_ns", 0, 0, static_cast<double>(kAny), "a mean in nanoseconds") *
      static_cast<long double>(count);
  low_sum += static_cast<long double>(min) - buckets.front().low;
  if (count > 1) low_sum += static_cast<long double>(max) - buckets.back().low;
  long double extra = std::max<long double>(0, std::round(want - low_sum));
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    const ReadBucket& b = buckets[i];
    std::uint64_t n = b.count;  // every bucket holds at least one (read_buckets)
    if (i == 0) {
      h.record(min);
      --n;
    }
    const bool holds_last = i + 1 == buckets.size() && count > 1;
    if (holds_last) --n;
    // The middle values: as many as the extra raises to the bucket's top, one raised by what is
    // left, the rest at the low edge.
    const long double room = static_cast<long double>(b.high - b.low - 1);
    const std::uint64_t full = room > 0
                                   ? static_cast<std::uint64_t>(std::min<long double>(
                                         static_cast<long double>(n), std::floor(extra / room)))
                                   : 0;
    h.record(b.low + (b.high - b.low - 1), full);
    extra -= static_cast<long double>(full) * room;
    std::uint64_t rest = n - full;
    if (rest > 0 && extra > 0) {
      h.record(b.low + static_cast<std::uint64_t>(extra));
      extra = 0;
      --rest;
    }
    h.record(b.low, rest);
    if (holds_last) h.record(max);
  }
}

// Before a workload chose its layout, the test file was written through when the workload read
// and only preallocated when it did not: a file without "layout" reads as what it was run on, so
// its baseline still compares with a check that now says so. An unknown name throws, naming it.
FileLayout layout_from_json(const nlohmann::json& j, const WorkloadSpec& w) {
  const auto it = j.find("layout");
  if (it == j.end() || it->is_null())
    return w.read_pct > 0 ? FileLayout::written : FileLayout::preallocated;
  const std::string name = it->get<std::string>();
  if (const std::optional<FileLayout> layout = parse_layout(name)) return *layout;
  throw nlohmann::json::other_error::create(
      501,
      fmt::format(R"(layout: expected "written", "preallocated" or "grown", got {})",
                  value_kind(&*it)),
      &j);
}

// Every key but the block-size mix's.
nlohmann::json workload_fields(const WorkloadSpec& w) {
  return {{"block_size", w.block_size},
          {"read_pct", w.read_pct},
          {"random_pct", w.random_pct},
          {"queue_depth", w.queue_depth},
          {"file_size", w.file_size},
          {"io_size", w.io_size},
          {"duration_s", std::chrono::duration<double>(w.duration).count()},
          {"ramp_s", std::chrono::duration<double>(w.ramp).count()},
          {"direct", w.direct},
          {"flush", flush_name(w.flush)},
          {"engine", w.engine},
          {"seed", w.seed},
          {"workers", w.workers},
          {"verify", w.verify},
          {"kind", w.kind == WorkloadKind::integrity ? "integrity" : "mixed"},
          {"rate_iops", w.rate_iops},
          {"rate_mbps", w.rate_mbps},
          {"layout", layout_name(w.layout)}};
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
      mix.push_back({{"block_size", share.block_size}, {"pct", share.pct}});
    j["block_mix"] = std::move(mix);
  }
  // Likewise only when named: a file laid out in the workload's own largest I/O, as before the key
  // existed, keeps its JSON.
  if (w.layout_write_size != 0) j["layout_write_size"] = w.layout_write_size;
  // And write-through: a workload without it keeps the JSON it had before the key existed.
  if (w.write_through) j["write_through"] = true;
  // And think time: a workload without pauses keeps its JSON.
  if (w.think_time.count() > 0) {
    j["think_time_s"] = std::chrono::duration<double>(w.think_time).count();
    j["think_blocks"] = w.think_blocks;
  }
  // And a skewed distribution, in fio's spelling: a uniform one keeps the JSON it had.
  if (!w.random_distribution.uniform())
    j["random_distribution"] = distribution_text(w.random_distribution);
  // And a steady-state phase: a workload without one keeps its JSON.
  if (const SteadyState& steady = w.steady_state; steady.enabled()) {
    const auto s = [](std::chrono::nanoseconds d) {
      return std::chrono::duration<double>(d).count();
    };
    j["steady_state"] = {{"criterion", steady_criterion_text(steady)},
                         {"window_s", s(steady.window)},
                         {"interval_s", s(steady.interval)},
                         {"max_s", s(steady.max_wait)}};
  }
  // And an alignment of random offsets above the grain: one on the grain keeps its JSON.
  if (random_alignment(w) != w.block_size) j["block_align"] = w.block_align;
  // And Poisson arrivals: a linear schedule keeps its JSON.
  if (w.rate_process != RateProcess::linear) j["rate_process"] = rate_process_name(w.rate_process);
  // And priority classes: a workload without them keeps its JSON.
  if (w.priority.set()) j["priority"] = priority_text(w.priority);
  if (w.cmd_priority.set()) {
    j["cmd_priority"] = priority_text(w.cmd_priority);
    j["cmd_priority_pct"] = w.cmd_priority_pct;
  }
  return j;
}

namespace {

constexpr const char* kSeconds = "a number of seconds from 0 to a year";

// A priority class a workload names (io_priority.hpp); none when the key is absent.
IoPriority priority_from_json(const JsonFields& f, const char* key) {
  if (f.find(key) == nullptr) return {};
  const std::optional<IoPriority> priority = parse_priority(f.text(key, 8));
  if (!priority) f.fail(key, std::string(kPriorityExpected));
  return *priority;
}

// A percentage of CPU: a process's may pass 100 (one core each), never the machine's cores.
constexpr double kMaxCpuPct = 100.0 * 65536;

// The JSON key of a workload field a rule names: durations are written in seconds.
std::string workload_key_of(WorkloadField field) {
  if (field == WorkloadField::duration) return "duration_s";
  if (field == WorkloadField::ramp) return "ramp_s";
  if (field == WorkloadField::think_time) return "think_time_s";
  if (field == WorkloadField::steady_state) return "steady_state.criterion";
  if (field == WorkloadField::steady_window) return "steady_state.window_s";
  if (field == WorkloadField::steady_interval) return "steady_state.interval_s";
  if (field == WorkloadField::steady_max) return "steady_state.max_s";
  return std::string(field_name(field));
}

// A count whose rule is the engine's (queue depth, workers): read whole first, so that a value
// too large for the field is refused with the rule's words, not truncated into range.
std::int64_t engine_count(const JsonFields& f, std::string_view key, std::int64_t fallback) {
  return static_cast<std::int64_t>(f.count_or(key, static_cast<std::uint64_t>(fallback)));
}

// A workload's steady_state object; its rules are checked with the workload's.
template <class ToNs>
SteadyState steady_state_from_json(const JsonFields& workload, ToNs ns) {
  const JsonFields f = workload.object("steady_state");
  SteadyState rule;
  if (auto problem = parse_steady_criterion(f.text("criterion", 64), rule))
    f.check("criterion", problem);
  rule.window = ns(f.number("window_s", 0, kMaxReadBackSeconds, kSeconds));
  rule.interval = ns(f.number("interval_s", 0, kMaxReadBackSeconds, kSeconds));
  rule.max_wait = ns(f.number("max_s", 0, kMaxReadBackSeconds, kSeconds));
  if (!rule.enabled()) f.fail("window_s", "a window longer than 0 seconds");
  return rule;
}

}  // namespace

nlohmann::json compared_workload(const WorkloadSpec& spec) {
  nlohmann::json j = workload_to_json(spec);
  j.erase("seed");
  return j;
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
  w.block_size = f.count("block_size");
  w.read_pct = f.number("read_pct", 0, 100, "a percentage from 0 to 100");
  w.random_pct = f.number("random_pct", 0, 100, "a percentage from 0 to 100");
  const std::int64_t depth = engine_count(f, "queue_depth", -1);
  f.check("queue_depth", queue_depth_problem(depth));
  w.queue_depth = static_cast<unsigned>(depth);
  w.file_size = f.count("file_size");
  w.io_size = f.count("io_size");
  const auto ns = [](double s) { return std::chrono::nanoseconds(std::llround(s * 1e9)); };
  w.duration = ns(f.number("duration_s", 0, kMaxReadBackSeconds, kSeconds));
  w.ramp = ns(f.number("ramp_s", 0, kMaxReadBackSeconds, kSeconds));
  w.direct = f.flag("direct");
  const std::string flush = f.text("flush", 16);
  if (flush != "none" && flush != "end") f.fail("flush", R"("none" or "end")");
  w.flush = flush == "none" ? FlushPolicy::none : FlushPolicy::end;
  w.write_through = f.flag_or("write_through", false);  // results from before the key: false
  w.engine = f.text("engine", 64);
  w.seed = f.count_or("seed", 0, std::numeric_limits<std::uint64_t>::max());
  const std::int64_t workers = engine_count(f, "workers", 1);
  f.check("workers", workers_problem(workers));
  w.workers = static_cast<unsigned>(workers);
  w.verify = f.flag_or("verify", false);
  const std::string kind = f.text_or("kind", "mixed", 16);
  if (kind != "mixed" && kind != "integrity") f.fail("kind", R"("mixed" or "integrity")");
  w.kind = kind == "integrity" ? WorkloadKind::integrity : WorkloadKind::mixed;
  constexpr const char* kRate = "0 (no cap) or a positive number";
  w.rate_iops = f.number_or("rate_iops", 0, 0, std::numeric_limits<double>::max(), kRate);
  w.rate_mbps = f.number_or("rate_mbps", 0, 0, std::numeric_limits<double>::max(), kRate);
  w.block_align = f.count_or("block_align", 0);
  const std::string process = f.text_or("rate_process", "linear", 16);
  const std::optional<RateProcess> rate_process = parse_rate_process(process);
  if (!rate_process) f.fail("rate_process", R"("linear" or "poisson")");
  w.rate_process = *rate_process;
  w.priority = priority_from_json(f, "priority");
  w.cmd_priority = priority_from_json(f, "cmd_priority");
  w.cmd_priority_pct = f.number_or("cmd_priority_pct", 0, 0, 100, "a percentage from 0 to 100");
  w.layout = layout_from_json(j, w);
  w.layout_write_size = f.count_or("layout_write_size", 0);
  w.think_time = ns(f.number_or("think_time_s", 0, 0, kMaxReadBackSeconds, kSeconds));
  const std::int64_t think_blocks = engine_count(f, "think_blocks", 1);
  f.check("think_blocks", think_blocks_problem(think_blocks));
  w.think_blocks = static_cast<unsigned>(think_blocks);
  ParsedDistribution distribution =
      parse_random_distribution(f.text_or("random_distribution", "random"));
  if (!distribution.distribution) f.check("random_distribution", distribution.problem);
  w.random_distribution = std::move(*distribution.distribution);
  if (f.find("steady_state") != nullptr) w.steady_state = steady_state_from_json(f, ns);
  f.for_each("block_mix", [&](const nlohmann::json& share, const std::string& at) {
    const JsonFields s(share, at);
    w.block_mix.push_back(
        {s.count("block_size"), s.number("pct", 0, 100, "a percentage from 0 to 100")});
  });
  // The engine's own rules, the cross-field ones too: a workload it would not run is no record.
  if (const auto problem = find_workload_problem(w))
    f.check(workload_key_of(problem->field), problem->expected);
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
      sizes.push_back(
          {{"block_size", c.block_size}, {"ios", c.ios}, {"bytes", c.bytes}, {"ios_pct", share}});
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
  return {{"lat_avg_ms", avg_ms(h)},           {"lat_min_ms", min_ms(h)},
          {"lat_max_ms", max_ms(h)},           {"lat_p99_ms", percentile_ms(h, 99)},
          {"lat_percentiles_ms", percentiles}, {"lat_min_ns", h.min_ns()},
          {"lat_max_ns", h.max_ns()},          {"lat_mean_ns", h.mean_ns()},
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
                   {"queue_depth", r.queue_depth},
                   {"workers", r.workers},
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
  const std::int64_t depth = engine_count(f, "queue_depth", -1);
  f.check("queue_depth", queue_depth_problem(depth));
  r.queue_depth = static_cast<unsigned>(depth);
  const std::int64_t workers = engine_count(f, "workers", 1);
  f.check("workers", workers_problem(workers));
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
    const std::uint64_t block = size.count("block_size");
    size.check("block_size", block_size_problem(block));
    r.block_sizes.push_back({block, size.count("ios"), size.count("bytes")});
  });
}

}  // namespace iogate
