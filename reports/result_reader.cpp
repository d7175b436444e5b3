#include "iogate/reports/result_reader.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

#include "iogate/json_input.hpp"
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

// Results carry a histogram and per-second intervals per check: megabytes for a long run. The
// limit only stops a mistyped path (an image, a device) being read whole.
constexpr std::uint64_t kMaxResultsBytes = 256ULL << 20;

std::string read_file(const fs::path& path) {
  return read_regular_file(path, kMaxResultsBytes, "iogate results (JSON)");  // names the path
}

// Bounded, and its errors never quote the file (json_input.hpp).
nlohmann::json parse_file(const fs::path& path) {
  return parse_json_input(read_file(path), path.string());
}

bool is_check_document(const nlohmann::json& j) {
  return j.is_object() && j.contains("check") && j.contains("result") && j.contains("version");
}

// Checks of one ctest run on several datastores (ctest's resource allocation): each record names
// its own, the run names them all, and its storage stack keeps only what all of them share, so
// no report states one datastore's stack, or name, for every check. `contexts[i]` is the context
// of `report.checks[i]`.
void name_datastores(RunReport& report, const std::vector<RunContext>& contexts) {
  std::set<std::string> all;
  for (const RunContext& c : contexts) all.insert(c.datastore);
  if (all.size() < 2) return;
  std::string names;
  for (const std::string& name : all) names += (names.empty() ? "" : ", ") + name;
  report.context.datastore = std::to_string(all.size()) + " datastores: " + names;
  StorageStack shared;
  for (const auto& [key, value] : report.context.stack.fields()) {
    bool everywhere = true;
    for (const RunContext& c : contexts) {
      const auto fields = c.stack.fields();
      everywhere = everywhere &&
                   std::find(fields.begin(), fields.end(), std::pair(key, value)) != fields.end();
    }
    if (everywhere) shared.set_field(key, value);
  }
  report.context.stack = shared;
  for (std::size_t i = 0; i < contexts.size(); ++i)
    report.checks[i].datastore = contexts[i].datastore;
}

}  // namespace

bool is_check_result_file(const fs::path& path) { return is_check_document(parse_file(path)); }

RunContext context_from_json(const nlohmann::json& j) {
  RunContext c;
  c.iogate_version = get_or<std::string>(j, "iogate_version", "");
  c.host = get_or<std::string>(j, "host", "");
  c.host_label = get_or<std::string>(j, "host_label", "");  // older results have none
  c.started_at = get_or<std::string>(j, "started_at", "");
  c.suite = get_or<std::string>(j, "suite", "");
  c.datastore = get_or<std::string>(j, "datastore", "");
  const auto stack = get_or(j, "storage_stack", nlohmann::json::object());
  for (auto it = stack.begin(); it != stack.end(); ++it)
    c.stack.set_field(it.key(), it->get<std::string>());  // a field this version lacks: dropped
  return c;
}

CheckRecord check_from_json(const nlohmann::json& j) {
  CheckRecord c;
  c.suite = j.at("suite").get<std::string>();
  c.check = j.at("check").get<std::string>();
  c.description = get_or<std::string>(j, "description", "");
  c.status = status_from_name(j.at("status").get<std::string>());
  c.messages = get_or(j, "messages", std::vector<std::string>{});
  c.wall_s = get_or(j, "wall_s", 0.0);
  c.start_time = get_or<std::string>(j, "start_time", "");
  c.end_time = get_or<std::string>(j, "end_time", "");
  if (j.contains("layout_s")) c.layout_s = j.at("layout_s").get<double>();
  c.layout_reused_from = get_or<std::string>(j, "layout_reused_from", "");
  if (j.contains("cleanup_s")) c.cleanup_s = j.at("cleanup_s").get<double>();
  c.workload = workload_from_json(j.at("workload"));
  c.result = run_from_json(j.at("result"));
  for (const auto& r : get_or(j, "repeats", nlohmann::json::array()))
    c.repeats.push_back(run_from_json(r));
  for (const auto& b : get_or(j, "baseline", nlohmann::json::array()))
    c.baseline.push_back({b.at("key").get<std::string>(), b.at("baseline").get<double>(),
                          b.at("current").get<double>(), get_or<double>(b, "baseline_low", NAN),
                          get_or<double>(b, "baseline_high", NAN)});
  c.fingerprint_changes = get_or(j, "fingerprint_changes", std::vector<std::string>{});
  c.runs = get_or(j, "runs", 0);
  c.runs_allowed = get_or(j, "runs_allowed", 0);
  for (const auto& e : get_or(j, "expectations", nlohmann::json::array())) {
    ExpectationRecord r{e.at("key").get<std::string>(),
                        e.at("decision").get<std::string>(),
                        e.at("evidence").get<std::string>(),
                        {},
                        {}};
    if (e.contains("peers") && !e.at("peers").is_null()) r.peers = e.at("peers").get<double>();
    // Results written before the bound's figures were recorded have none: charts then draw no
    // bound for it.
    r.figures.figure = get_or<std::string>(e, "figure", "");
    r.figures.bound = get_or<double>(e, "bound", NAN);
    r.figures.estimate = get_or<double>(e, "estimate", NAN);
    r.figures.low = get_or<double>(e, "low", NAN);
    r.figures.high = get_or<double>(e, "high", NAN);
    r.figures.ratio = get_or(e, "ratio", false);
    c.expectations.push_back(std::move(r));
  }
  return c;
}

RunReport read_results(const fs::path& path) { return read_results_text(read_file(path), path); }

RunReport read_results_text(std::string_view text, const fs::path& path) {
  const nlohmann::json j = parse_json_input(text, path.string());
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
      for (const auto& c : j.at("checks")) {
        report.checks.push_back(check_from_json(c));
        // In a check's own document "datastore" is its context's, so only here.
        report.checks.back().datastore = get_or<std::string>(c, "datastore", "");
      }
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
    std::string started_at;  // the check's own start, to the millisecond where it says so
    RunReport one;
  };
  std::vector<Entry> entries;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return {};  // no check wrote a result
  for (const auto& item : fs::directory_iterator(dir)) {
    if (!item.is_regular_file() || item.path().extension() != ".json") continue;
    if (!is_check_result_file(item.path())) continue;
    RunReport one = read_results(item.path());
    // The run's stamp is to the second, and checks of a second each start within one: each
    // check's start_time ("2026-12-01T19:25:13.042Z") orders them where it is recorded.
    // A result older than start_time sorts by the run's stamp, read as its whole second.
    const std::string& start_time = one.checks[0].start_time;
    std::string started = start_time.empty() ? one.context.started_at : start_time;
    if (started.ends_with('Z') && started.find('.') == std::string::npos)
      started.insert(started.size() - 1, ".000");
    entries.push_back({std::move(started), std::move(one)});
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
  std::vector<RunContext> contexts;
  for (const Entry& e : entries) contexts.push_back(e.one.context);
  name_datastores(report, contexts);
  return report;
}

}  // namespace iogate
