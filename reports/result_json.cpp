#include "iogate/reports/result_json.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <fstream>
#include <system_error>

namespace iogate {
namespace {

constexpr double kReportedPercentiles[] = {50, 90, 99, 99.9, 99.99};

const char* flush_name(FlushPolicy p) { return p == FlushPolicy::end ? "end" : "none"; }

}  // namespace

nlohmann::json run_to_json(const RunResult& r) {
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

nlohmann::json workload_to_json(const WorkloadSpec& w) {
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
          {"rate_mbps", w.rate_mbps}};
}

nlohmann::json storage_stack_to_json(const StorageStack& stack) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [key, value] : stack.fields()) out[key] = value;
  return out;
}

nlohmann::json context_to_json(const RunContext& context) {
  return {{"iogate_version", context.iogate_version},
          {"host", context.host},
          {"started_at", context.started_at},
          {"suite", context.suite},
          {"datastore", context.datastore},
          {"storage_stack", storage_stack_to_json(context.stack)}};
}

nlohmann::json check_entry_to_json(const CheckRecord& c) {
  nlohmann::json repeats = nlohmann::json::array();
  for (const RunResult& r : c.repeats) repeats.push_back(run_to_json(r));
  nlohmann::json baseline = nlohmann::json::array();
  for (const BaselineFigure& b : c.baseline)
    baseline.push_back({{"key", b.key},
                        {"baseline", b.baseline},
                        {"current", b.current},
                        {"delta_pct", b.delta_pct()}});
  nlohmann::json expectations = nlohmann::json::array();
  for (const ExpectationRecord& e : c.expectations)
    expectations.push_back({{"key", e.key}, {"decision", e.decision}, {"evidence", e.evidence}});
  return {{"suite", c.suite},
          {"check", c.check},
          {"description", c.description},
          {"status", status_name(c.status)},
          {"messages", c.messages},
          {"wall_s", c.wall_s},
          {"workload", workload_to_json(c.workload)},
          {"result", run_to_json(c.result)},
          {"repeats", repeats},
          {"baseline", baseline},
          {"fingerprint_changes", c.fingerprint_changes},
          {"runs", c.runs},
          {"runs_allowed", c.runs_allowed},
          {"expectations", expectations}};
}

nlohmann::json check_to_json(const CheckRecord& c, const RunContext& context) {
  nlohmann::json doc = check_entry_to_json(c);
  doc["format"] = "iogate-check";
  doc["version"] = kResultJsonVersion;
  const nlohmann::json where = context_to_json(context);
  for (auto it = where.begin(); it != where.end(); ++it)
    if (it.key() != "suite") doc[it.key()] = *it;
  return doc;
}

void write_json_file(const std::filesystem::path& path, const nlohmann::json& doc) {
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
  std::filesystem::path tmp = path;
  tmp += ".tmp";
  try {
    std::ofstream out(tmp, std::ios::trunc);
    if (!out) throw std::system_error(errno, std::generic_category(), "open " + tmp.string());
    out << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    out.close();
    if (!out) throw std::system_error(errno, std::generic_category(), "write " + tmp.string());
    std::filesystem::rename(tmp, path);
  } catch (...) {
    std::error_code ignored;  // leave no half-written document behind
    std::filesystem::remove(tmp, ignored);
    throw;
  }
}

}  // namespace iogate
