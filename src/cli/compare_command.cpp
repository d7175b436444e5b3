// iogate compare BASELINE.json RESULTS: the side-by-side table of a post-upgrade validation.
//
// RESULTS is whatever `iogate check` writes, or a second baseline: a second baseline (`iogate
// baseline record` after the upgrade: the best input, with every repetition's samples), the
// results document of `check --json` (results.json), a `check --json-dir` directory, or one of
// its per-check JSON files (the repetitions when the check repeated, else its single run), all
// read by the one results reader (result_reader.hpp), whose figures are checked against their
// own counts (figure_consistency.hpp). For each check in both, per metric: baseline median, current
// median, delta and a verdict. Throughput (iops, MB/s, duration) is gated with the verdicts' own
// rule (include/iogate/verdicts/evidence.hpp), as a bound "--tolerance % of baseline" (default 90%)
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
#include <span>

#include "commands.hpp"
#include "common/json_input.hpp"
#include "common/read_file.hpp"
#include "iogate/baseline/baseline.hpp"
#include "iogate/engine/figure_names.hpp"
#include "iogate/runner/run_settings.hpp"
#include "iogate/verdicts/evidence.hpp"
#include "results/json_fields.hpp"
#include "results/result_reader.hpp"

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

// A results document's checks as samples, as `iogate baseline record` keeps a run's figures
// (baseline_samples): each computed from the counts and histograms the results reader restored
// and checked the file's written figures against (figure_consistency.hpp), from the runs the
// check's verdict stands on (its repeats, else its one run). The context (host, datastore,
// storage stack) is what the baseline is weighed against.
Baseline samples_of_results(const RunRecord& report, const std::filesystem::path& path) {
  Baseline out;
  out.path = path;
  out.host = report.context.host;
  out.datastore = report.context.datastore;
  // Checks of several datastores: the first check's, as the table is read against the first.
  if (!report.checks.empty() && !report.checks.front().datastore.empty())
    out.datastore = report.checks.front().datastore;
  out.fingerprint = report.context.stack;
  for (const CheckRecord& c : report.checks) {
    const std::span<const RunResult> judged = c.judged_repeats();
    const std::vector<RunResult> runs = judged.empty()
                                            ? std::vector<RunResult>{c.result}
                                            : std::vector<RunResult>(judged.begin(), judged.end());
    BaselineCheck check;
    check.name = c.check;
    check.samples = baseline_samples(Check{}, runs);
    out.checks.push_back(std::move(check));
  }
  return out;
}

// What compare reads as its second argument, said when it refuses one.
constexpr const char* kComparable =
    "expected a baseline (\"format\": \"iogate-baseline\", from iogate baseline record), a results "
    "document (\"iogate-results\", from iogate check --json or iogate report --json), one check's "
    "JSON (\"iogate-check\", in an iogate check --json-dir directory) or that directory";

Baseline load_results(const std::filesystem::path& path) {
  try {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
      const RunRecord report = read_results_at(path);
      if (report.checks.empty())
        throw BaselineError(
            fmt::format("{}: holds no check's JSON (<check>.json) and no results.json: {}",
                        path.string(), kComparable));
      return samples_of_results(report, path);
    }
    const std::string text =
        read_regular_file(path, kMaxResultsBytes, "a baseline or iogate results (JSON)");
    const json doc = parse_json_input(text, path.string());  // its errors never quote the file
    const json* format = doc.is_object() && doc.contains("format") ? &doc.at("format") : nullptr;
    const std::string name =
        format != nullptr && format->is_string() ? format->get<std::string>() : "";
    if (name == "iogate-baseline") return baseline_from_json(doc, path);
    if (name == "iogate-results" || name == "iogate-check")
      return samples_of_results(read_results_text(text, path), path);
    throw BaselineError(
        fmt::format("{}: format: {}; got {}", path.string(), kComparable, value_kind(format)));
  } catch (const BaselineError&) {
    throw;
  } catch (const std::exception& e) {
    // FileReadError, JsonInputError and the results reader's errors name the file already.
    throw BaselineError(e.what());
  }
}

// The figures compared, each with its column heading; latencies are shown, not gated.
struct Row {
  const FigureName* figure;
  const char* shown;
  bool gated;
  const char* key() const { return figure->sample_key; }
};
constexpr Row kRows[] = {{find_figure_name({Metric::iops}), "iops", true},
                         {find_figure_name({Metric::mbps}), "MB/s", true},
                         {find_figure_name({Metric::duration}), "duration s", true},
                         {find_figure_name({Metric::latency_avg}), "lat avg ms", false},
                         {find_figure_name({Metric::latency_percentile, 99}), "lat p99 ms", false}};

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
  const bool higher_is_better = row.figure->higher_is_better;
  const double fraction = higher_is_better ? tolerance : 1.0 / tolerance;
  const Expectation e{row.key(), row.figure->id.metric,
                      higher_is_better ? BoundKind::min : BoundKind::max, 0,
                      RelativeBound{fraction}};
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
                        {"metric", r.row->key()},
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
      const auto bi = b.samples.find(row.key()), ni = n->samples.find(row.key());
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
                  "What iogate check wrote (--json results.json, a --json-dir directory or one "
                  "check's JSON in it), or a second baseline")
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
