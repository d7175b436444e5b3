#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <system_error>

#include "common/display_text.hpp"
#include "common/json_input.hpp"
#include "common/read_file.hpp"
#include "datastore/datastore_path.hpp"
#include "iogate/baseline/baseline.hpp"
#include "iogate/common/name_limits.hpp"
#include "iogate/results/labels.hpp"
#include "iogate/verdicts/evidence.hpp"
#include "iogate/verdicts/statistics.hpp"
#include "results/figure_consistency.hpp"
#include "results/json_fields.hpp"
#include "results/result_json.hpp"
#include "results/run_json.hpp"

namespace iogate {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxImportedText = 1024;  // a tool's name, a path

std::string type_of(const json& j) { return j.is_null() ? "nothing" : j.type_name(); }

// The size of every I/O of a recorded check's workload: none with a block mix, or for an imported
// baseline, whose figures another tool rounded.
std::optional<std::uint64_t> block_size_of(const BaselineCheck& c) {
  if (c.stated_keys_only) return std::nullopt;
  const auto size = c.workload.find("block_size");
  const auto mix = c.workload.find("block_mix");
  if (size == c.workload.end() || !size->is_number_unsigned() || size->get<std::uint64_t>() == 0)
    return std::nullopt;
  if (mix != c.workload.end() && !mix->is_null() && !mix->empty()) return std::nullopt;
  return size->get<std::uint64_t>();
}

// The member `key` of `obj`, of the expected kind, or a BaselineError naming file, key and kind.
const json& member(const json& obj, const std::string& key, json::value_t kind, const char* what,
                   const std::filesystem::path& file, const std::string& where) {
  const std::string full = where.empty() ? key : where + "." + key;
  if (!obj.contains(key))
    throw BaselineError(fmt::format("{}: {}: missing; expected {}", file.string(), full, what));
  const json& v = obj.at(key);
  const bool ok =
      kind == json::value_t::number_float
          ? v.is_number()
          : v.type() == kind || (kind == json::value_t::number_integer && v.is_number_integer());
  if (!ok)
    throw BaselineError(
        fmt::format("{}: {}: expected {}, got {}", file.string(), full, what, type_of(v)));
  return v;
}

}  // namespace

const BaselineCheck* Baseline::find(const std::string& check) const {
  for (const BaselineCheck& c : checks)
    if (c.name == check) return &c;
  return nullptr;
}

std::string workload_difference(const BaselineCheck& recorded, const WorkloadSpec& now) {
  const json current = compared_workload(now);
  if (recorded.stated_keys_only) {
    std::string out;
    for (auto it = recorded.workload.begin(); it != recorded.workload.end(); ++it) {
      const auto found = current.find(it.key());
      const json& was = *it;
      const json is = found == current.end() ? json() : *found;
      if (was != is)
        out += fmt::format("{}{} {} (baseline) vs {} (now)", out.empty() ? "" : ", ", it.key(),
                           was.dump(), is.dump());
    }
    return out;
  }
  // Read back through the codec first, so that a key an older baseline lacks (workers, kind, ...)
  // compares as the default it was run with, not as a change. One the codec cannot read (a
  // baseline edited by hand) is compared as written.
  json recorded_workload = recorded.workload;
  bool read_back = false;
  try {
    recorded_workload = compared_workload(workload_from_json(recorded.workload));
    read_back = true;
  } catch (const json::exception&) {
  } catch (const ReadBackError&) {  // a key out of range: compared as written too
  }
  std::string out;
  for (const WorkloadChange& c : workload_changes(recorded_workload, current)) {
    // A key the codec writes only when set (block_mix), recorded with it and run without it now,
    // is a change; one only a hand-edited baseline has is not the codec's and is passed over.
    if (c.now.is_null() && !read_back) continue;
    out += fmt::format("{}{} {} (baseline) vs {} (now)", out.empty() ? "" : ", ", c.key,
                       c.was.dump(), c.now.dump());
  }
  return out;
}

BaselineProvenance baseline_provenance(const Baseline& baseline, const std::string& host,
                                       const std::string& datastore, const StorageStack& stack) {
  BaselineProvenance out;
  // Another tool measured the baseline: said first, as a change like the others ("tool IOMeter
  // 1.1.0 (results.csv) → iogate"), with what its one figure means for the verdict
  // (evidence.hpp: a reference of one figure is taken as exact).
  if (baseline.imported)
    out.changes.push_back(fmt::format(
        "tool {} ({}) \u2192 iogate: the baseline is one figure per check with no run-to-run "
        "spread, compared as exact, so the {:g}% false-fail rate covers this run's noise only",
        baseline.imported->tool, baseline.imported->file, kFalseFailRate * 100));
  const auto differ = [&out](const std::string& key, const std::string& was, const std::string& now,
                             bool elsewhere) {
    if (was.empty() || now.empty() || was == now) return;
    out.changes.push_back(key + " " + was + " \u2192 " + now);
    if (elsewhere) out.elsewhere.push_back(out.changes.back());
  };
  differ("host", baseline.host, host, true);
  differ("datastore", datastore_spelling(baseline.datastore), datastore_spelling(datastore), true);
  for (const std::string& change : diff_storage_stacks(baseline.fingerprint, stack)) {
    out.changes.push_back(change);
    if (change.starts_with("filesystem ")) out.elsewhere.push_back(change);
  }
  return out;
}

std::optional<std::string> strict_baseline_refusal(const Baseline& baseline,
                                                   const BaselineProvenance& where) {
  if (where.elsewhere.empty()) return std::nullopt;
  return fmt::format(
      "baseline {} was recorded elsewhere ({}), and --strict-baseline (IOGATE_STRICT_BASELINE=1) "
      "refuses it: record one here with `iogate baseline record`",
      baseline.path.string(), fmt::join(where.elsewhere, "; "));
}

void require_baseline_figures(const Baseline& baseline, const BaselineCheck& recorded,
                              const Check& check) {
  for (const Expectation& e : check.expectations) {
    if (!std::holds_alternative<RelativeBound>(e.bound)) continue;
    const std::string figure = sample_key(e);
    const auto it = recorded.samples.find(figure);
    const bool usable = it != recorded.samples.end() &&
                        std::any_of(it->second.begin(), it->second.end(),
                                    [](double v) { return std::isfinite(v) && v > 0; });
    if (!usable)
      throw BaselineError(fmt::format(
          "baseline {}: check \"{}\" has no {} figure for {} to compare with ({}): record the "
          "baseline again",
          baseline.path.string(), recorded.name, figure, e.key,
          it == recorded.samples.end() ? "not recorded" : "no run of it measured one"));
  }
}

MetricSamples baseline_samples(const Check& check, const std::vector<RunResult>& runs) {
  Check all = check;
  auto add = [&all](Metric m, double percentile, std::optional<IoDirection> direction) {
    all.expectations.push_back({"", m, BoundKind::max, percentile, AbsoluteBound{1}, direction});
  };
  // Of all I/Os, and of each direction every run has figures of ("read_iops",
  // "write_latency_p99_ms"), so read_ and write_ bounds can be relative to the baseline too. A
  // direction some run lacks (it did no such I/O, or its result was read back from before
  // directions were kept) is left out rather than kept as runs without the figure.
  const auto every_run = [&runs](auto has) { return std::all_of(runs.begin(), runs.end(), has); };
  for (const std::optional<IoDirection> d :
       {std::optional<IoDirection>{}, std::optional{IoDirection::read},
        std::optional{IoDirection::write}}) {
    if (d && !every_run([d](const RunResult& r) { return r.has_direction(*d); })) continue;
    add(Metric::iops, 0, d);
    add(Metric::mbps, 0, d);
    if (!d) add(Metric::duration, 0, d);
    if (d && !every_run([d](const RunResult& r) { return r.latency_of(*d).count() > 0; })) continue;
    add(Metric::latency_avg, 0, d);
    add(Metric::latency_max, 0, d);
    for (double p : {50.0, 90.0, 99.0, 99.9, 99.99}) add(Metric::latency_percentile, p, d);
  }
  return collect_samples(all, runs);
}

json baseline_to_json(const Baseline& b) {
  json fingerprint = json::object();
  for (const auto& [key, value] : b.fingerprint.fields()) fingerprint[key] = value;
  json checks = json::object();
  for (const BaselineCheck& c : b.checks) {
    json metrics = json::object();
    for (const auto& [key, samples] : c.samples) {
      const double med = median(samples), cv = coefficient_of_variation(samples);
      metrics[key] = json{{"samples", samples},
                          {"median", std::isfinite(med) ? json(med) : json()},
                          {"cv", std::isfinite(cv) ? json(cv) : json()}};
    }
    checks[c.name] =
        json{{"workload", c.workload}, {"completed", c.completed}, {"metrics", metrics}};
  }
  json doc{{"format", "iogate-baseline"},
           {"version", kBaselineVersion},
           {"iogate_version", b.iogate_version},
           {"host", b.host},
           {"recorded_at", b.recorded_at},
           {"datastore", b.datastore},
           {"repeat", b.repeat},
           {"fingerprint", fingerprint},
           {"checks", checks}};
  if (b.imported) doc["imported"] = json{{"tool", b.imported->tool}, {"file", b.imported->file}};
  return doc;
}

Baseline baseline_from_json(const json& doc, const std::filesystem::path& file) {
  using V = json::value_t;
  if (!doc.is_object())
    throw BaselineError(
        fmt::format("{}: expected a JSON object, got {}", file.string(), type_of(doc)));
  const json& format =
      member(doc, "format", V::string, R"(the string "iogate-baseline")", file, "");
  if (format != "iogate-baseline")
    throw BaselineError(
        fmt::format("{}: format: expected \"iogate-baseline\" (what iogate baseline record and "
                    "iogate baseline import write), got {}",
                    file.string(), value_kind(&format)));
  const json& version = member(doc, "version", V::number_integer, "an integer", file, "");
  if (version.get<int>() != kBaselineVersion)
    throw BaselineError(
        fmt::format("{}: version: expected {}, got {}: record the baseline again "
                    "with this iogate",
                    file.string(), kBaselineVersion, value_kind(&version)));
  Baseline b;
  b.path = file;
  b.iogate_version =
      member(doc, "iogate_version", V::string, "a string", file, "").get<std::string>();
  b.host = member(doc, "host", V::string, "a string", file, "").get<std::string>();
  b.recorded_at = member(doc, "recorded_at", V::string, "a string", file, "").get<std::string>();
  b.datastore = member(doc, "datastore", V::string, "a string", file, "").get<std::string>();
  b.repeat = member(doc, "repeat", V::number_integer, "an integer", file, "").get<int>();
  for (const auto& [key, value] :
       member(doc, "fingerprint", V::object, "an object", file, "").items())
    if (value.is_string()) b.fingerprint.set_field(key, value.get<std::string>());
  if (doc.contains("imported")) {
    const json& imported = member(doc, "imported", V::object, "an object", file, "");
    // Shown on every check's lines: text that cannot fake a line or rewrite a terminal.
    const auto text = [&](const char* key) {
      std::string v =
          member(imported, key, V::string, "a string", file, "imported").get<std::string>();
      if (v.empty() || v.size() > kMaxImportedText || printable(v) != v)
        throw BaselineError(fmt::format("{}: imported.{}: expected printable text of 1 to {} bytes",
                                        file.string(), key, kMaxImportedText));
      return v;
    };
    b.imported = BaselineImport{text("tool"), text("file")};
  }
  // The names as a results file's are held (labels.hpp): a baseline may come from elsewhere.
  if (!b.host.empty())
    if (const auto problem = host_label_problem(b.host))
      throw BaselineError(fmt::format("{}: host: {}", file.string(), without_value(*problem)));
  for (const auto& [name, c] : member(doc, "checks", V::object, "an object", file, "").items()) {
    if (const auto problem = name_problem(name, kMaxCheckNameLength))
      throw BaselineError(fmt::format("{}: checks: {}", file.string(), without_value(*problem)));
    const std::string where = "checks." + name;
    BaselineCheck check;
    check.name = name;
    check.stated_keys_only = b.imported.has_value();
    check.workload = member(c, "workload", V::object, "an object", file, where);
    check.completed = member(c, "completed", V::boolean, "true or false", file, where).get<bool>();
    for (const auto& [key, metric] :
         member(c, "metrics", V::object, "an object", file, where).items()) {
      const std::string mwhere = where + ".metrics." + key;
      const json& samples =
          member(metric, "samples", V::array, "an array of numbers", file, mwhere);
      std::vector<double>& out = check.samples[key];
      // Every figure a baseline keeps (rates, seconds, latencies) is above 0 wherever I/O
      // completed: a 0 or a negative one would make any bound "N% of baseline" meet it, and the
      // verdict line print a ratio of hundreds of digits.
      if (samples.empty())
        throw BaselineError(fmt::format("{}: {}.samples: expected at least one sample, got none",
                                        file.string(), mwhere));
      for (const json& s : samples) {
        if (s.is_null()) {
          out.push_back(NAN);  // a run without the figure (no completed I/O)
        } else if (s.is_number() && std::isfinite(s.get<double>()) && s.get<double>() > 0) {
          out.push_back(s.get<double>());
        } else {
          throw BaselineError(fmt::format(
              "{}: {}.samples[{}]: expected a positive number (or null for a run without the "
              "figure), got {}",
              file.string(), mwhere, out.size(), value_kind(&s)));
        }
      }
    }
    // The samples against each other and their figures' ceilings (figure_consistency.hpp).
    try {
      check_baseline_samples(check.samples, block_size_of(check), where + ".metrics");
    } catch (const ReadBackError& e) {
      throw BaselineError(fmt::format("{}: {}", file.string(), e.what()));
    }
    b.checks.push_back(std::move(check));
  }
  return b;
}

Baseline load_baseline(const std::filesystem::path& file) {
  // A baseline is a few hundred kilobytes; the limit only stops a mistyped path being read whole.
  constexpr std::uint64_t kMaxBaselineBytes = 256ULL << 20;
  std::string text;
  try {
    text = read_regular_file(file, kMaxBaselineBytes, "a baseline (JSON)");
  } catch (const FileReadError& e) {
    throw BaselineError(e.what());
  }
  return parse_baseline_text(text, file);
}

Baseline parse_baseline_text(std::string_view text, const std::filesystem::path& file) {
  json doc;
  try {
    doc = parse_json_input(text, file.string());  // bounded; its errors never quote the file
  } catch (const JsonInputError& e) {
    throw BaselineError(e.what());
  }
  return baseline_from_json(doc, file);
}

void save_baseline(const std::filesystem::path& file, const Baseline& baseline,
                   IfExists if_exists) {
  write_json_file(file, baseline_to_json(baseline), if_exists);
}

}  // namespace iogate
