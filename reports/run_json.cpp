// The JSON codec of WorkloadSpec and RunResult; see run_json.hpp.
#include "iogate/reports/run_json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>

namespace iogate {
namespace {

constexpr double kReportedPercentiles[] = {50, 90, 99, 99.9, 99.99};

const char* flush_name(FlushPolicy p) { return p == FlushPolicy::end ? "end" : "none"; }

template <typename T>
T get_or(const nlohmann::json& j, const char* key, T fallback) {
  const auto it = j.find(key);
  return it == j.end() || it->is_null() ? fallback : it->get<T>();
}

// Refills the histogram from its buckets (see the header): the first value recorded is the exact
// minimum, the last the exact maximum, and the others start at their bucket's low edge and are
// raised within the bucket until their sum matches the recorded mean.
void restore_histogram(const nlohmann::json& r, LatencyHistogram& h) {
  const auto buckets = get_or(r, "lat_histogram_ns", nlohmann::json::array());
  std::uint64_t count = 0;
  long double low_sum = 0;
  for (const auto& b : buckets) {
    count += b.at(2).get<std::uint64_t>();
    low_sum +=
        static_cast<long double>(b.at(0).get<std::uint64_t>()) * b.at(2).get<std::uint64_t>();
  }
  if (count == 0) return;
  const auto min = get_or<std::uint64_t>(r, "lat_min_ns", buckets.front().at(0));
  const auto max = get_or<std::uint64_t>(r, "lat_max_ns", buckets.back().at(0));
  const long double want = get_or<long double>(r, "lat_mean_ns", 0) * count;
  low_sum += static_cast<long double>(min) - buckets.front().at(0).get<std::uint64_t>();
  if (count > 1)
    low_sum += static_cast<long double>(max) - buckets.back().at(0).get<std::uint64_t>();
  long double extra = std::max<long double>(0, std::round(want - low_sum));
  std::uint64_t seen = 0;
  for (const auto& b : buckets) {
    const auto low = b.at(0).get<std::uint64_t>();
    const auto high = b.at(1).get<std::uint64_t>();
    const auto n = b.at(2).get<std::uint64_t>();
    for (std::uint64_t k = 0; k < n; ++k, ++seen) {
      if (seen == 0) {
        h.record(min);
      } else if (seen + 1 == count) {
        h.record(max);
      } else {
        const long double room = static_cast<long double>(high - low - 1);
        const long double add = std::min(extra, room);
        extra -= add;
        h.record(low + static_cast<std::uint64_t>(add));
      }
    }
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
      501, fmt::format(R"(layout: expected "written", "preallocated" or "grown", got "{}")", name),
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
  return j;
}

WorkloadSpec workload_from_json(const nlohmann::json& j) {
  WorkloadSpec w;
  w.block_size = j.at("block_size").get<std::uint64_t>();
  w.read_pct = j.at("read_pct").get<double>();
  w.random_pct = j.at("random_pct").get<double>();
  w.queue_depth = j.at("queue_depth").get<unsigned>();
  w.file_size = j.at("file_size").get<std::uint64_t>();
  w.io_size = j.at("io_size").get<std::uint64_t>();
  const auto ns = [](double s) { return std::chrono::nanoseconds(std::llround(s * 1e9)); };
  w.duration = ns(j.at("duration_s").get<double>());
  w.ramp = ns(j.at("ramp_s").get<double>());
  w.direct = j.at("direct").get<bool>();
  w.flush = j.at("flush").get<std::string>() == "none" ? FlushPolicy::none : FlushPolicy::end;
  w.engine = j.at("engine").get<std::string>();
  w.seed = get_or<std::uint64_t>(j, "seed", 0);
  w.workers = get_or(j, "workers", 1u);
  w.verify = get_or(j, "verify", false);
  w.kind = get_or<std::string>(j, "kind", "mixed") == "integrity" ? WorkloadKind::integrity
                                                                  : WorkloadKind::mixed;
  w.rate_iops = get_or(j, "rate_iops", 0.0);
  w.rate_mbps = get_or(j, "rate_mbps", 0.0);
  w.layout = layout_from_json(j, w);
  w.layout_write_size = get_or<std::uint64_t>(j, "layout_write_size", 0);
  for (const auto& share : get_or(j, "block_mix", nlohmann::json::array()))
    w.block_mix.push_back(
        {share.at("block_size").get<std::uint64_t>(), share.at("pct").get<double>()});
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

nlohmann::json run_fields(const RunResult& r) {
  nlohmann::json percentiles = nlohmann::json::object();
  for (double q : kReportedPercentiles)
    percentiles[fmt::format("{:g}", q)] = r.lat_percentile_ms(q);
  nlohmann::json intervals = nlohmann::json::array();
  for (const IntervalSample& s : r.intervals)
    intervals.push_back({{"start_s", s.start_s},
                         {"length_s", s.length_s},
                         {"bytes", s.bytes},
                         {"ios", s.ios},
                         {"mbps", s.mbps()},
                         {"iops", s.iops()}});
  nlohmann::json buckets = nlohmann::json::array();
  for (const LatencyHistogram::Bucket& b : r.latency.nonempty_buckets())
    buckets.push_back({b.low_ns, b.high_ns, b.count});
  return {{"engine", r.engine},
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
          {"lat_avg_ms", r.lat_avg_ms()},
          {"lat_min_ms", static_cast<double>(r.latency.min_ns()) / 1e6},
          {"lat_max_ms", r.lat_max_ms()},
          {"lat_p99_ms", r.lat_percentile_ms(99)},
          {"lat_percentiles_ms", percentiles},
          {"cpu_pct", r.cpu_process_pct},
          {"cpu_system_pct", r.cpu_system_pct},
          {"lat_min_ns", r.latency.min_ns()},
          {"lat_max_ns", r.latency.max_ns()},
          {"lat_mean_ns", r.latency.mean_ns()},
          {"lat_histogram_ns", buckets},  // [low (incl.), high (excl.), count], nonempty only
          {"intervals", intervals}};
}

}  // namespace

RunResult run_from_json(const nlohmann::json& j) {
  RunResult r;
  r.engine = j.at("engine").get<std::string>();
  r.engine_note = get_or<std::string>(j, "engine_note", "");
  r.queue_depth = j.at("queue_depth").get<unsigned>();
  r.workers = get_or(j, "workers", 1u);
  r.blocks_verified = get_or<std::uint64_t>(j, "blocks_verified", 0);
  r.seed = get_or<std::uint64_t>(j, "seed", 0);
  r.completed = get_or(j, "completed", true);
  r.bytes_read = j.at("bytes_read").get<std::uint64_t>();
  r.bytes_written = j.at("bytes_written").get<std::uint64_t>();
  r.ios_read = j.at("ios_read").get<std::uint64_t>();
  r.ios_written = j.at("ios_written").get<std::uint64_t>();
  r.elapsed_s = j.at("duration_s").get<double>();
  r.flush_s = get_or(j, "flush_s", 0.0);
  r.cpu_process_pct = get_or(j, "cpu_pct", 0.0);
  r.cpu_system_pct = get_or(j, "cpu_system_pct", 0.0);
  restore_histogram(j, r.latency);
  for (const auto& s : get_or(j, "intervals", nlohmann::json::array()))
    r.intervals.push_back({s.at("start_s").get<double>(), s.at("length_s").get<double>(),
                           s.at("bytes").get<std::uint64_t>(), s.at("ios").get<std::uint64_t>()});
  for (const auto& c : get_or(j, "block_sizes", nlohmann::json::array()))
    r.block_sizes.push_back({c.at("block_size").get<std::uint64_t>(),
                             c.at("ios").get<std::uint64_t>(), c.at("bytes").get<std::uint64_t>()});
  return r;
}

}  // namespace iogate
