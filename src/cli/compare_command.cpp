// iogate compare BASELINE.json RESULTS: the side-by-side table of a post-upgrade validation.
//
// RESULTS is either a second baseline (`iogate baseline record` after the upgrade: the best
// input, with every repetition's samples), or what `iogate check --json-dir DIR` wrote: the
// directory, or one of its iogate-check JSON files (the repetitions when the check repeated,
// else its single run). For each check in both, per metric: baseline median, current median,
// delta and a verdict. Throughput (iops, MB/s, duration) is gated with the verdicts' own rule
// (include/iogate/verdicts/evidence.hpp), as a bound "--tolerance % of baseline" (default 90%)
// weighed once: REGRESSED when broken, ok when it holds, undecided otherwise (too few or too
// spread samples to tell), each with its ratio interval. Latencies are shown, not gated: their
// tails move with load. Exit 0 no regression, 1 a regression, 2 bad input. With --json the same
// rows, counts and changes are one JSON document on stdout instead of the table.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include <iostream>
#include <memory>

#include "commands.hpp"
#include "iogate/baseline/baseline.hpp"
#include "iogate/json_input.hpp"
#include "iogate/read_file.hpp"
#include "iogate/results/result_reader.hpp"
#include "iogate/runner/run_settings.hpp"
#include "iogate/verdicts/evidence.hpp"

namespace iogate::cli {
namespace {

using nlohmann::json;

struct CompareFlags {
  std::string baseline;
  std::string results;
  double tolerance_pct = 90;
  bool strict_baseline = false;
  bool json = false;
};

// One iogate-check document's runs as baseline samples.
BaselineCheck samples_of_check(const json& doc, const std::filesystem::path& file) {
  BaselineCheck c;
  c.name = doc.value("check", "");
  if (c.name.empty()) throw BaselineError(file.string() + ": check: expected the check's name");
  std::vector<json> runs;
  if (doc.contains("repeats") && doc["repeats"].is_array() && !doc["repeats"].empty())
    runs.assign(doc["repeats"].begin(), doc["repeats"].end());
  else if (doc.contains("result") && doc["result"].is_object())
    runs.push_back(doc["result"]);
  else
    throw BaselineError(file.string() + ": result: expected the run's figures (an object)");
  const std::pair<const char*, const char*> keys[] = {{"iops", "iops"},
                                                      {"mbps", "mbps"},
                                                      {"duration_s", "duration_s"},
                                                      {"lat_avg_ms", "latency_avg_ms"},
                                                      {"lat_max_ms", "latency_max_ms"}};
  // A figure of 0, below or not finite compares with nothing: refused as a baseline's would be.
  const auto figure = [&](const json& v, const std::string& key) {
    const double x = v.get<double>();
    if (!std::isfinite(x) || x < 0)
      throw BaselineError(fmt::format("{}: {}: expected a figure of 0 or more, got {}",
                                      file.string(), key, v.dump()));
    return x;
  };
  for (const json& r : runs) {
    for (const auto& [from, to] : keys)
      if (r.contains(from) && r[from].is_number()) c.samples[to].push_back(figure(r[from], from));
    if (r.contains("lat_percentiles_ms") && r["lat_percentiles_ms"].is_object())
      for (const auto& [q, v] : r["lat_percentiles_ms"].items())
        if (v.is_number())
          c.samples["latency_p" + q + "_ms"].push_back(figure(v, "lat_percentiles_ms"));
  }
  return c;
}

// A check's document, read through the results reader first (every value checked, the file
// named in a refusal), its samples added, and its context (host, datastore, storage stack) the
// results' own where it is the first: what the baseline is weighed against.
void add_check(Baseline& out, const json& doc, const std::filesystem::path& file) {
  RunContext context;
  try {
    (void)check_from_json(doc);
    context = context_from_json(doc);
  } catch (const std::exception& e) {
    throw BaselineError(fmt::format("{}: {}", file.string(), e.what()));
  }
  if (out.checks.empty()) {
    out.host = context.host;
    out.datastore = context.datastore;
    out.fingerprint = context.stack;
  }
  out.checks.push_back(samples_of_check(doc, file));
}

json read_json(const std::filesystem::path& file) {
  constexpr std::uint64_t kMaxJsonBytes = 256ULL << 20;  // as result_reader.cpp's
  try {
    return parse_json_input(read_regular_file(file, kMaxJsonBytes, "iogate results (JSON)"),
                            file.string());
  } catch (const FileReadError& e) {
    throw BaselineError(e.what());
  } catch (const JsonInputError& e) {
    throw BaselineError(e.what());
  }
}

Baseline load_results(const std::filesystem::path& path) {
  Baseline out;
  out.path = path;
  if (std::filesystem::is_directory(path)) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(path)) {
      if (entry.path().extension() != ".json") continue;
      // As iogate report and fleet read a results directory (result_reader.hpp): a link out of
      // it is refused, not followed.
      if (entry.is_symlink())
        throw BaselineError(entry.path().string() +
                            ": is a symbolic link: a results directory's files are read where "
                            "they are, never through a link (copy the result in)");
      files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      const json doc = read_json(f);
      if (doc.value("format", "") == "iogate-check") add_check(out, doc, f);
    }
    if (out.checks.empty())
      throw BaselineError(path.string() + ": expected iogate-check JSON files, found none");
    return out;
  }
  const json doc = read_json(path);
  const std::string format = doc.is_object() ? doc.value("format", "") : "";
  if (format == "iogate-baseline") return baseline_from_json(doc, path);
  if (format == "iogate-check") {
    add_check(out, doc, path);
    return out;
  }
  throw BaselineError(
      fmt::format("{}: format: expected \"iogate-baseline\" or \"iogate-check\", got \"{}\"",
                  path.string(), format));
}

struct Row {
  const char* key;
  const char* shown;
  Metric metric;
  bool higher_is_better;
  bool gated;
};
constexpr Row kRows[] = {
    {"iops", "iops", Metric::iops, true, true},
    {"mbps", "MB/s", Metric::mbps, true, true},
    {"duration_s", "duration s", Metric::duration, false, true},
    {"latency_avg_ms", "lat avg ms", Metric::latency_avg, false, false},
    {"latency_p99_ms", "lat p99 ms", Metric::latency_percentile, false, false}};

struct RowVerdict {
  bool regressed = false;
  std::string verdict;   // "ok", "REGRESSED", "undecided", or "info" (shown, not gated)
  std::string interval;  // the ratio interval judged; empty for "info"
  std::string shown() const { return interval.empty() ? verdict : verdict + " (" + interval + ")"; }
};

// One line of the comparison: a check's metric, or a check the results do not have.
struct ComparedRow {
  std::string check;
  const Row* row = nullptr;  // none: the check is missing from the results
  double baseline = 0, now = 0;
  RowVerdict verdict;
  double delta_pct() const { return baseline != 0 ? (now / baseline - 1) * 100 : 0.0; }
};

RowVerdict judge(const Row& row, const std::vector<double>& base, const std::vector<double>& now,
                 double tolerance) {
  if (!row.gated) return {.regressed = false, .verdict = "info", .interval = ""};
  const double fraction = row.higher_is_better ? tolerance : 1.0 / tolerance;
  const Expectation e{row.key, row.metric, row.higher_is_better ? BoundKind::min : BoundKind::max,
                      0, RelativeBound{fraction}};
  const int runs = static_cast<int>(now.size());
  EvidenceLevels levels;
  levels.pass = pass_level({runs, runs});
  const Judgement j = judge_relative(e, now, base, fraction, levels);
  const std::string verdict = j.decision == Decision::broken  ? "REGRESSED"
                              : j.decision == Decision::holds ? "ok"
                                                              : "undecided";
  return {.regressed = j.decision == Decision::broken,
          .verdict = verdict,
          .interval = describe_interval(j)};
}

void print_table(const std::vector<ComparedRow>& rows, const CompareFlags& flags) {
  std::cout << fmt::format("{:<28} {:<12} {:>14} {:>14} {:>9}  {}\n", "check", "metric", "baseline",
                           "now", "delta", "verdict");
  for (const ComparedRow& r : rows) {
    if (r.row == nullptr) {
      std::cout << fmt::format("{:<28} missing from {}\n", r.check, flags.results);
      continue;
    }
    std::cout << fmt::format("{:<28} {:<12} {:>14.2f} {:>14.2f} {:>+8.1f}%  {}\n", r.check,
                             r.row->shown, r.baseline, r.now, r.delta_pct(), r.verdict.shown());
  }
}

json compared_json(const std::vector<ComparedRow>& rows, const CompareFlags& flags,
                   const std::vector<std::string>& changes, int regressions) {
  json out_rows = json::array(), missing = json::array();
  for (const ComparedRow& r : rows) {
    if (r.row == nullptr) {
      missing.push_back(r.check);
      continue;
    }
    out_rows.push_back({{"check", r.check},
                        {"metric", r.row->key},
                        {"baseline", r.baseline},
                        {"now", r.now},
                        {"delta_pct", r.delta_pct()},
                        {"verdict", r.verdict.verdict},
                        {"interval", r.verdict.interval}});
  }
  return {{"format", "iogate-compare"},
          {"version", 1},
          {"baseline", flags.baseline},
          {"results", flags.results},
          {"tolerance_pct", flags.tolerance_pct},
          {"rows", out_rows},
          {"missing", missing},
          {"changes", changes},
          {"regressions", regressions}};
}

int run(const CompareFlags& flags) {
  Baseline base, now;
  try {
    base = load_baseline(flags.baseline);
    now = load_results(flags.results);
  } catch (const std::exception& e) {
    std::cerr << "iogate: " << e.what() << '\n';
    return kExitBadInput;
  }
  // Nothing in common compares nothing: "0 regressions" would pass a gate that judged nothing
  // (a baseline of another suite, or results of another threshold file).
  const bool any_common =
      std::any_of(base.checks.begin(), base.checks.end(),
                  [&](const BaselineCheck& b) { return now.find(b.name) != nullptr; });
  if (!any_common) {
    const auto names = [](const Baseline& b) {
      std::vector<std::string> out;
      for (const BaselineCheck& c : b.checks) out.push_back(c.name);
      return out.empty() ? std::string("none") : fmt::format("{}", fmt::join(out, ", "));
    };
    std::cerr << fmt::format(
        "iogate compare: {} and {} have no check in common (baseline: {}; results: {}): compare "
        "results of the threshold file the baseline was recorded from\n",
        flags.baseline, flags.results, names(base), names(now));
    return kExitBadInput;
  }
  // Where the baseline was recorded against where the results were: named under the table, and
  // refused with --strict-baseline before anything is compared.
  const BaselineProvenance where =
      baseline_provenance(base, now.host, now.datastore, now.fingerprint);
  bool strict = false;
  try {
    strict = resolve_strict_baseline(flags.strict_baseline);
  } catch (const std::exception& e) {
    std::cerr << "iogate compare: " << e.what() << '\n';
    return kExitBadInput;
  }
  if (strict && !where.elsewhere.empty()) {
    std::cerr << fmt::format(
        "iogate compare: {} was recorded elsewhere than {} ({}), and --strict-baseline "
        "(IOGATE_STRICT_BASELINE=1) refuses it: compare with a baseline of this host, datastore "
        "and filesystem\n",
        flags.baseline, flags.results, fmt::join(where.elsewhere, "; "));
    return kExitBadInput;
  }
  const double tolerance = flags.tolerance_pct / 100.0;
  int regressions = 0;
  std::vector<ComparedRow> rows;
  for (const BaselineCheck& b : base.checks) {
    const BaselineCheck* n = now.find(b.name);
    if (n == nullptr) {
      ComparedRow missing;
      missing.check = b.name;
      rows.push_back(std::move(missing));
      continue;
    }
    for (const Row& row : kRows) {
      const auto bi = b.samples.find(row.key), ni = n->samples.find(row.key);
      if (bi == b.samples.end() || ni == n->samples.end()) continue;
      ComparedRow r{b.name, &row, median(bi->second), median(ni->second),
                    judge(row, bi->second, ni->second, tolerance)};
      if (r.verdict.regressed) ++regressions;
      rows.push_back(std::move(r));
    }
  }
  if (flags.json) {
    std::cout << compared_json(rows, flags, where.changes, regressions).dump(2) << '\n';
    return regressions == 0 ? kExitOk : kExitCheckFailed;
  }
  print_table(rows, flags);
  for (const std::string& change : where.changes) std::cout << "changed: " << change << '\n';
  std::cout << regressions << " regressions (tolerance " << flags.tolerance_pct
            << "% of baseline)\n";
  return regressions == 0 ? kExitOk : kExitCheckFailed;
}

}  // namespace

void add_compare_command(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<CompareFlags>();
  CLI::App* sub = app.add_subcommand("compare", "Baseline vs results: per check, per metric");
  sub->add_option("baseline", flags->baseline, "Baseline JSON (iogate baseline record)")
      ->required();
  sub->add_option("results", flags->results,
                  "A second baseline, or iogate check --json-dir output (directory or file)")
      ->required();
  sub->add_option("--tolerance", flags->tolerance_pct,
                  "Throughput below this % of the baseline is a regression (default 90)")
      ->check(CLI::Range(1.0, 100.0));
  sub->add_flag("--strict-baseline", flags->strict_baseline,
                "Refuse a baseline recorded on another host, datastore or filesystem than the "
                "results (else $IOGATE_STRICT_BASELINE=1)");
  sub->add_flag("--json", flags->json,
                "Print the comparison as JSON (rows, missing checks, changes, regressions) "
                "instead of the table; the exit status is the same");
  sub->callback([flags, &exit_code] { exit_code = run(*flags); });
}

}  // namespace iogate::cli
