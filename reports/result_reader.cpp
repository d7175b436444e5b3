#include "iogate/reports/result_reader.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "iogate/read_file.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

CheckStatus status_from_name(const std::string& name) {
  for (CheckStatus s : {CheckStatus::pass, CheckStatus::fail, CheckStatus::unstable,
                        CheckStatus::skipped, CheckStatus::error})
    if (name == status_name(s)) return s;
  throw std::runtime_error("status: expected pass, fail, unstable, skipped or error, got \"" +
                           name + "\"");
}

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

// Results carry a histogram and per-second intervals per check: megabytes for a long run. The
// limit only stops a mistyped path (an image, a device) being read whole.
constexpr std::uint64_t kMaxResultsBytes = 256ULL << 20;

nlohmann::json parse_file(const fs::path& path) {
  const std::string text =
      read_regular_file(path, kMaxResultsBytes, "iogate results (JSON)");  // names the path
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(path.string() + ": not JSON: " + e.what());
  }
}

bool is_check_document(const nlohmann::json& j) {
  return j.is_object() && j.contains("check") && j.contains("result") && j.contains("version");
}

}  // namespace

RunContext context_from_json(const nlohmann::json& j) {
  RunContext c;
  c.iogate_version = get_or<std::string>(j, "iogate_version", "");
  c.host = get_or<std::string>(j, "host", "");
  c.started_at = get_or<std::string>(j, "started_at", "");
  c.suite = get_or<std::string>(j, "suite", "");
  c.datastore = get_or<std::string>(j, "datastore", "");
  const auto stack = get_or(j, "storage_stack", nlohmann::json::object());
  for (auto it = stack.begin(); it != stack.end(); ++it)
    c.stack.set_field(it.key(), it->get<std::string>());  // a field this version lacks: dropped
  return c;
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
  return w;
}

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
  return r;
}

CheckRecord check_from_json(const nlohmann::json& j) {
  CheckRecord c;
  c.suite = j.at("suite").get<std::string>();
  c.check = j.at("check").get<std::string>();
  c.description = get_or<std::string>(j, "description", "");
  c.status = status_from_name(j.at("status").get<std::string>());
  c.messages = get_or(j, "messages", std::vector<std::string>{});
  c.wall_s = get_or(j, "wall_s", 0.0);
  c.workload = workload_from_json(j.at("workload"));
  c.result = run_from_json(j.at("result"));
  for (const auto& r : get_or(j, "repeats", nlohmann::json::array()))
    c.repeats.push_back(run_from_json(r));
  for (const auto& b : get_or(j, "baseline", nlohmann::json::array()))
    c.baseline.push_back({b.at("key").get<std::string>(), b.at("baseline").get<double>(),
                          b.at("current").get<double>()});
  c.fingerprint_changes = get_or(j, "fingerprint_changes", std::vector<std::string>{});
  c.runs = get_or(j, "runs", 0);
  c.runs_allowed = get_or(j, "runs_allowed", 0);
  for (const auto& e : get_or(j, "expectations", nlohmann::json::array()))
    c.expectations.push_back({e.at("key").get<std::string>(), e.at("decision").get<std::string>(),
                              e.at("evidence").get<std::string>()});
  return c;
}

RunReport read_results(const fs::path& path) {
  const nlohmann::json j = parse_file(path);
  try {
    RunReport report;
    if (j.is_object() && j.value("format", "") == "iogate-baseline") {
      throw std::runtime_error(
          "is a baseline (written by `iogate baseline record`), not results: `iogate compare "
          "BASELINE RESULTS` compares results with it; `iogate report` reads what `iogate check "
          "--json`/`--json-dir` or a ctest suite wrote");
    }
    if (j.is_object() && j.contains("checks")) {
      report.context = context_from_json(j.at("context"));
      for (const auto& c : j.at("checks")) report.checks.push_back(check_from_json(c));
    } else if (is_check_document(j)) {
      report.context = context_from_json(j);
      report.context.suite = j.at("suite").get<std::string>();
      report.checks.push_back(check_from_json(j));
    } else {
      throw std::runtime_error(
          "expected an iogate results document (\"checks\") or a check's "
          "result (\"check\", \"result\")");
    }
    return report;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
}

RunReport read_report_dir(const fs::path& dir) {
  struct Entry {
    std::string started_at;
    RunReport one;
  };
  std::vector<Entry> entries;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return {};  // no check wrote a result
  for (const auto& item : fs::directory_iterator(dir)) {
    if (!item.is_regular_file() || item.path().extension() != ".json") continue;
    if (!is_check_document(parse_file(item.path()))) continue;
    RunReport one = read_results(item.path());
    entries.push_back({one.context.started_at, std::move(one)});
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return std::tie(a.started_at, a.one.checks[0].check) <
           std::tie(b.started_at, b.one.checks[0].check);
  });
  RunReport report;
  for (Entry& e : entries) {
    if (report.checks.empty()) report.context = e.one.context;  // the earliest check's
    report.checks.push_back(std::move(e.one.checks[0]));
  }
  return report;
}

int clear_check_results(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return 0;
  int removed = 0;
  for (const auto& item : fs::directory_iterator(dir)) {
    if (!item.is_regular_file() || item.path().extension() != ".json") continue;
    bool ours = false;
    try {
      ours = is_check_document(parse_file(item.path()));
    } catch (const std::runtime_error&) {
      ours = false;  // not JSON: not ours to remove
    }
    if (ours && fs::remove(item.path())) ++removed;
  }
  return removed;
}

}  // namespace iogate
