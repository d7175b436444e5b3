#include "result_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>

#include "common/display_text.hpp"
#include "common/json_input.hpp"
#include "common/read_file.hpp"
#include "figure_consistency.hpp"
#include "iogate/common/name_limits.hpp"
#include "iogate/results/labels.hpp"
#include "json_fields.hpp"
#include "verdicts/confirmation.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

// A check's runs and allowed runs: far above any repeat_max, only so no count wraps an int.
constexpr std::uint64_t kMaxReadBackRuns = 1'000'000;

CheckStatus status_from_name(const std::string& name) {
  for (CheckStatus s : {CheckStatus::pass, CheckStatus::fail, CheckStatus::unstable,
                        CheckStatus::skipped, CheckStatus::error})
    if (name == status_name(s)) return s;
  throw std::runtime_error(
      fmt::format("status: expected pass, fail, unstable, skipped or error, got another string {}",
                  kValueNotShown));
}

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
void name_datastores(RunRecord& report, const std::vector<RunContext>& contexts) {
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

bool is_check_result_text(std::string_view text, const fs::path& path) {
  return is_check_document(parse_json_input(text, path.string()));
}

RunContext context_from_json(const nlohmann::json& j, std::string_view where) {
  const JsonFields f(j, std::string(where));
  RunContext c;
  c.iogate_version = f.text_or("iogate_version", "", 64);
  // The host is the one rule of a label (labels.hpp): a file from elsewhere names no host
  // `iogate check --host-label` would refuse. Empty in results older than the field.
  const auto host = [&f](const char* key) {
    std::string name = f.text_or(key, "", kMaxReadBackLine);
    if (!name.empty()) f.check(key, host_label_problem(name));
    return name;
  };
  c.host = host("host");
  c.host_label = host("host_label");
  c.started_at = f.text_or("started_at", "", 64);
  c.suite = f.text_or("suite", "", kMaxCheckNameLength);
  c.datastore = f.text_or("datastore", "");
  if (f.find("storage_stack") != nullptr) {
    const JsonFields stack = f.object("storage_stack");
    for (const auto& [key, value] : j.at("storage_stack").items())
      c.stack.set_field(key, stack.text(key));  // a field this version lacks: dropped
  }
  return c;
}

namespace {

// An array of lines, each a string of at most kMaxReadBackLine bytes.
std::vector<std::string> string_lines(const JsonFields& f, const char* key) {
  std::vector<std::string> out;
  f.for_each(key, [&](const nlohmann::json& line, const std::string& at) {
    if (!line.is_string() || line.get_ref<const std::string&>().size() > kMaxReadBackLine)
      throw ReadBackError(
          fmt::format("{}: expected a string of at most {} bytes", at, kMaxReadBackLine));
    out.push_back(line.get<std::string>());
  });
  return out;
}

// A shortfall weighed again (check_record.hpp): each of its fields bounded like the record's.
ConfirmationRecord confirmation_from_json(const JsonFields& check) {
  const JsonFields f = check.object("confirmation");
  ConfirmationRecord c;
  c.outcome = f.text("outcome", 16);
  if (!persistence_from_name(c.outcome))
    throw ReadBackError(fmt::format("{}: expected {}", f.path("outcome"), persistence_names()));
  c.first_at = f.text("first_at", 64);
  c.first_runs = static_cast<int>(f.count("first_runs", kMaxReadBackRuns));
  c.pause_s = f.number("pause_s", 0, kMaxReadBackSeconds, "a number of seconds from 0 to a year");
  c.second_at = f.text("second_at", 64);
  c.first = string_lines(f, "first");
  c.second = string_lines(f, "second");
  if (f.find("together")) c.together = string_lines(f, "together");
  return c;
}

}  // namespace

CheckRecord check_from_json(const nlohmann::json& j, std::string_view where,
                            RunLatencies latencies) {
  const JsonFields f(j, std::string(where));
  const auto name = [&f](const char* key) {
    std::string text = f.text(key, kMaxReadBackLine);
    f.check(key, name_problem(text, kMaxCheckNameLength));
    return text;
  };
  const auto lines = [&f](const char* key) { return string_lines(f, key); };
  constexpr const char* kSeconds = "a number of seconds from 0 to a year";
  // A figure or a bound: iops, MB/s, seconds, milliseconds, a ratio. NaN where not written.
  constexpr const char* kFigure = "a figure of 0 or more";
  const double kNoMax = std::numeric_limits<double>::max();
  CheckRecord c;
  c.suite = f.text("suite", kMaxCheckNameLength);
  if (!c.suite.empty()) f.check("suite", name_problem(c.suite, kMaxCheckNameLength));
  c.check = name("check");
  c.description = f.text_or("description", "");
  c.status = status_from_name(f.text("status", 16));
  c.messages = lines("messages");
  c.wall_s = f.number_or("wall_s", 0, 0, kMaxReadBackSeconds, kSeconds);
  c.start_time = f.text_or("start_time", "", 64);
  c.end_time = f.text_or("end_time", "", 64);
  if (f.find("layout_s")) c.layout_s = f.number("layout_s", 0, kMaxReadBackSeconds, kSeconds);
  c.layout_reused_from = f.text_or("layout_reused_from", "", kMaxCheckNameLength);
  if (f.find("cleanup_s")) c.cleanup_s = f.number("cleanup_s", 0, kMaxReadBackSeconds, kSeconds);
  // Each an object, or a refusal naming it, before its own reader takes it.
  c.workload = workload_from_json((f.object("workload"), j.at("workload")), f.path("workload"));
  // Each run's written figures against its own counts (figure_consistency.hpp).
  // Read into the record's own runs: no second RunResult built and moved in.
  run_from_json((f.object("result"), j.at("result")), f.path("result"), c.result, latencies);
  check_run_figures(j.at("result"), c.result, f.path("result"));
  f.for_each("repeats", [&](const nlohmann::json& r, const std::string& at) {
    run_from_json(r, at, c.repeats.emplace_back(), latencies);
    check_run_figures(r, c.repeats.back(), at);
  });
  // Which of the repeats `result` is: one of them, or none said.
  c.shown_run = static_cast<int>(f.count_or("shown_run", 0, c.repeats.size()));
  f.for_each("baseline", [&](const nlohmann::json& b, const std::string& at) {
    const JsonFields fig(b, at);
    c.baseline.push_back({fig.text("key", 64), fig.number("baseline", 0, kNoMax, kFigure),
                          fig.number("current", 0, kNoMax, kFigure),
                          fig.number_or("baseline_low", NAN, 0, kNoMax, kFigure),
                          fig.number_or("baseline_high", NAN, 0, kNoMax, kFigure)});
  });
  c.fingerprint_changes = lines("fingerprint_changes");
  if (f.find("fallbacks")) c.fallbacks = lines("fallbacks");
  if (f.find("confirmation")) c.confirmation = confirmation_from_json(f);
  c.runs = static_cast<int>(f.count_or("runs", 0, kMaxReadBackRuns));
  c.runs_allowed = static_cast<int>(f.count_or("runs_allowed", 0, kMaxReadBackRuns));
  f.for_each("expectations", [&](const nlohmann::json& e, const std::string& at) {
    const JsonFields x(e, at);
    ExpectationRecord r{x.text("key", 64), x.text("decision", 64), x.text("evidence"), {}, {}};
    if (x.find("peers")) r.peers = x.number("peers", 0, kNoMax, "a fraction of 0 or more");
    // Results written before the bound's figures were recorded have none: charts then draw no
    // bound for it.
    r.figures.figure = x.text_or("figure", "", 64);
    r.figures.bound = x.number_or("bound", NAN, 0, kNoMax, kFigure);
    r.figures.estimate = x.number_or("estimate", NAN, 0, kNoMax, kFigure);
    // An interval's ends may fall below 0 where the spread is wide.
    r.figures.low = x.number_or("low", NAN, -kNoMax, kNoMax, "a finite number");
    r.figures.high = x.number_or("high", NAN, -kNoMax, kNoMax, "a finite number");
    r.figures.ratio = x.flag_or("ratio", false);
    c.expectations.push_back(std::move(r));
  });
  return c;
}

RunRecord read_results(const fs::path& path, RunLatencies latencies) {
  return read_results_text(read_file(path), path, latencies);
}

namespace {

// A document already parsed (one parse a file: a directory's files are parsed once to tell a
// check's document from other JSON, and read from that).
RunRecord read_results_json(const nlohmann::json& j, const fs::path& path, RunLatencies latencies) {
  try {
    RunRecord report;
    if (j.is_object() && j.value("format", "") == "iogate-baseline") {
      throw std::runtime_error(
          "is a baseline (written by `iogate baseline record`), not results: `iogate compare "
          "BASELINE RESULTS` compares results with it; `iogate report` reads what `iogate check "
          "--json`/`--json-dir` or a ctest suite wrote");
    }
    if (j.is_object() && j.contains("checks")) {
      const JsonFields doc(j, "");
      report.context = context_from_json((doc.object("context"), j.at("context")), "context");
      doc.for_each("checks", [&](const nlohmann::json& c, const std::string& at) {
        report.checks.push_back(check_from_json(c, at, latencies));
        // In a check's own document "datastore" is its context's, so only here.
        report.checks.back().datastore = JsonFields(c, at).text_or("datastore", "");
      });
    } else if (is_check_document(j)) {
      report.context = context_from_json(j);
      report.checks.push_back(check_from_json(j, "", latencies));
      report.context.suite = report.checks.back().suite;
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

}  // namespace

RunRecord read_results_text(std::string_view text, const fs::path& path, RunLatencies latencies) {
  return read_results_json(parse_json_input(text, path.string()), path, latencies);
}

// One directory holds one host's run: a second result of one check, or a result of another
// host, would be counted as this host's with no word (which of two is the right one cannot be
// guessed), so either is refused, naming the files.
template <typename Entry>
void check_one_run(const std::vector<Entry>& entries) {
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const CheckRecord& c = entries[i].one.checks[0];
    const std::string& host = entries[i].one.context.identity();
    for (std::size_t k = 0; k < i; ++k) {
      const CheckRecord& other = entries[k].one.checks[0];
      if (other.check == c.check && other.suite == c.suite)
        throw std::runtime_error(fmt::format(
            "{} and {} are both results of one check (the same suite and check name): a "
            "directory holds one run; keep the one that counts",
            entries[k].file.string(), entries[i].file.string()));
    }
    const std::string& first = entries[0].one.context.identity();
    if (host != first)
      throw std::runtime_error(fmt::format(
          "{}: a result of another host than {} (host_label, or host where no label was given): "
          "a directory holds one host's results",
          entries[i].file.string(), entries[0].file.string()));
  }
}

RunRecord read_report_dir(const fs::path& dir, RunLatencies latencies) {
  struct Entry {
    std::string started_at;  // the check's own start, to the millisecond where it says so
    RunRecord one;
    fs::path file;
  };
  std::vector<Entry> entries;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return {};  // no check wrote a result
  std::vector<DirectoryEntry> listing;
  try {
    listing = list_directory(dir);
  } catch (const FileReadError& e) {
    throw std::runtime_error(e.what());
  }
  for (const DirectoryEntry& item : listing) {
    const fs::path path = dir / item.name;
    if (path.extension() != ".json") continue;
    // A link is refused, not skipped: a result left out without a word is a host judged on
    // fewer checks than it ran, and a link pointing out of the directory (at a file the reader
    // may read and its author not) is no result iogate wrote. Read with O_NOFOLLOW, so a link
    // swapped in after this listing is refused the same way.
    if (item.kind == DirectoryEntry::Kind::link)
      throw std::runtime_error(path.string() +
                               ": is a symbolic link: a results directory's files are read "
                               "where they are, never through a link (copy the result in)");
    if (item.kind != DirectoryEntry::Kind::regular) continue;  // a directory named *.json
    std::string text;
    try {
      text = read_regular_file(path, kMaxResultsBytes, "iogate results (JSON)", Links::refuse);
    } catch (const FileReadError& e) {
      throw std::runtime_error(e.what());
    }
    const nlohmann::json doc = parse_json_input(text, path.string());
    if (!is_check_document(doc)) continue;
    RunRecord one = read_results_json(doc, path, latencies);
    // The run's stamp is to the second, and checks of a second each start within one: each
    // check's start_time ("2026-12-01T19:25:13.042Z") orders them where it is recorded.
    // A result older than start_time sorts by the run's stamp, read as its whole second.
    const std::string& start_time = one.checks[0].start_time;
    std::string started = start_time.empty() ? one.context.started_at : start_time;
    if (started.ends_with('Z') && started.find('.') == std::string::npos)
      started.insert(started.size() - 1, ".000");
    entries.push_back({std::move(started), std::move(one), path});
  }
  check_one_run(entries);
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return std::tie(a.started_at, a.one.checks[0].check) <
           std::tie(b.started_at, b.one.checks[0].check);
  });
  RunRecord report;
  for (Entry& e : entries) {
    if (report.checks.empty()) report.context = e.one.context;  // the earliest check's
    report.checks.push_back(std::move(e.one.checks[0]));
  }
  std::vector<RunContext> contexts;
  for (const Entry& e : entries) contexts.push_back(e.one.context);
  name_datastores(report, contexts);
  return report;
}

RunRecord read_results_at(const fs::path& path, RunLatencies latencies) {
  std::error_code ec;
  // A missing or unreadable file: its error names the path.
  if (!fs::is_directory(path, ec)) return read_results(path, latencies);
  RunRecord report = read_report_dir(path, latencies);
  if (report.checks.empty() && fs::is_regular_file(path / "results.json", ec))
    report = read_results(path / "results.json", latencies);
  return report;
}

}  // namespace iogate
