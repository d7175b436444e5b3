// The Prometheus text exposition format (version 0.0.4), as node_exporter's textfile collector
// reads it: a host's last run becomes a few gauges a Grafana board and an alert rule can use.
//
//   iogate_check_status{suite,check,host,datastore,status}  1 for the check's verdict and 0 for
//       the four others (a state set: `iogate_check_status{status="fail"} == 1` alerts)
//   iogate_check_iops, iogate_check_throughput_bytes_per_second,
//   iogate_check_latency_{avg,p99,max}_seconds, iogate_check_run_seconds: the judged run's
//       figures, in base units (bytes, seconds) as Prometheus names them; only for a check that
//       ran (has_figures), never a zero that looks like a measurement
//   iogate_check_direction_iops, ..._throughput_bytes_per_second, ..._latency_{avg,p99,max}_seconds
//       {...,direction="read"|"write"}: each direction's figures, for a run that did both (a run of
//       one direction has its figures in the families above). Families of their own rather than
//       a direction label on the run's: a total beside its parts in one family is counted twice by
//       every sum().
//   iogate_check_bound{...,figure,[direction,]sense="min"|"max"}: each bound a check holds a
//       figure to, in that figure's unit; `figure` names the family it bounds without its
//       iogate_check_ prefix ("iops", "run_seconds", "direction_iops" with direction="read"), so
//       a panel draws the bound beside the figure. A bound not known here (a peers bound, left to
//       iogate fleet) has none.
//   iogate_check_runs: the runs of the sample its verdict stands on
//   iogate_checks{suite,host,datastore,status}: how many checks of the run had each verdict
//
// Only gauges, HELP and TYPE once per family, every sample of a family together, no timestamps
// (node_exporter refuses them in a textfile), one sample per label set (a check met twice on one
// datastore, as a merge of two runs can, keeps its last record: a repeated series fails the whole
// scrape) and a newline at the end; the file is replaced whole
// (output_file.hpp), so the collector never reads half of it. Label values come from threshold
// files and results other hosts wrote: made printable (display_text.hpp) and then escaped as the
// format asks ('\\', '"', newline), so no value can end its label or start a line of its own.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string_view>
#include <tuple>

#include "common/display_text.hpp"
#include "iogate/engine/figure_names.hpp"
#include "iogate/reports/report_formats.hpp"
#include "iogate/results/figures.hpp"

namespace iogate {
namespace {

constexpr CheckStatus kStatuses[] = {CheckStatus::pass, CheckStatus::fail, CheckStatus::unstable,
                                     CheckStatus::skipped, CheckStatus::error};

std::string label_value(const std::string& text) {
  std::string out;
  for (const char c : printable(text)) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
  return out;  // printable() already turned a newline into "\x0a"
}

// A value as the format writes a float: shortest round trip; NaN and infinities by their names.
std::string sample_value(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
  return fmt::format("{}", v);
}

// A figure as a family names it and in its base unit: "iops" as is, "mbps" (MiB/s) as
// "throughput_bytes_per_second", "duration_s" as "run_seconds", "latency_p99.9_ms" as
// "latency_p99_9_seconds"; a direction's figure ("read_iops") as "direction_iops", the direction
// then a label of its own. The one rule from the verdict's figure names to the file's.
struct PromFigure {
  std::string name;  // without the iogate_check_ prefix
  // The figure's unit to the family's: times `times`, over `per` (ms over 1000 rather than times
  // 0.001, which is not exact and would print 0.00106 as 0.0010600000000000002).
  double times = 1;
  double per = 1;
  std::optional<IoDirection> direction;
  double base_unit(double value) const { return value * times / per; }
};

PromFigure prom_figure(const std::string& figure) {
  std::string_view rest = figure;
  PromFigure out;
  if (take_prioritized_prefix(rest)) out.name = kPrioritizedPrefix;
  out.direction = take_direction_prefix(rest);
  if (out.direction) out.name = "direction_" + out.name;
  const std::optional<FigureId> id = figure_of_sample_key(rest);
  if (id && id->metric == Metric::mbps) {
    out.name += "throughput_bytes_per_second";
    out.times = 1024.0 * 1024.0;  // mbps is MiB/s
  } else if (id && id->metric == Metric::duration) {
    out.name += "run_seconds";
  } else if (rest.ends_with("_ms")) {
    std::string base(rest.substr(0, rest.size() - 3));
    std::replace(base.begin(), base.end(), '.', '_');
    out.name += base + "_seconds";
    out.per = 1e3;
  } else {
    out.name += rest;
  }
  return out;
}

struct Family {
  const char* figure;  // the run's figure, as figure_by_name() names it (its sample key)
  const char* help;
};
constexpr const char* sample_key(FigureId id) { return find_figure_name(id)->sample_key; }

// The run's figures; the same of each direction, but the run's length, for a run that did both.
constexpr Family kFigureFamilies[] = {
    {sample_key({Metric::iops}), "I/O operations per second of the run the verdict stands on"},
    {sample_key({Metric::mbps}),
     "Bytes per second read and written by the run the verdict stands on"},
    {sample_key({Metric::latency_avg}), "Mean I/O latency, submit to completion"},
    {sample_key({Metric::latency_percentile, 99}),
     "99th percentile of I/O latency, submit to completion"},
    {sample_key({Metric::latency_max}), "Longest I/O latency, submit to completion"},
    {sample_key({Metric::duration}), "Length of the measured window of the run, ramp-up excluded"},
};

bool both_directions(const RunResult& r) {
  return r.has_direction(IoDirection::read) && r.has_direction(IoDirection::write);
}

class PromWriter final : public ReportWriter {
 public:
  using ReportWriter::ReportWriter;

  void begin(const RunContext& context) override { context_ = context; }
  void check(const CheckRecord& record) override {
    const auto key = std::make_tuple(suite_of(record), record.check, datastore_of(record));
    const auto [at, added] = index_.try_emplace(key, checks_.size());
    if (added)
      checks_.push_back(record);
    else
      checks_[at->second] = record;
  }

  void end() override {
    header("iogate_check_status", "Verdict of a check: 1 for the status named, 0 for the others");
    for (const CheckRecord& c : checks_)
      for (const CheckStatus s : kStatuses)
        out() << fmt::format("iogate_check_status{{{},status=\"{}\"}} {}\n", labels(c),
                             status_name(s), c.status == s ? 1 : 0);
    for (const Family& family : kFigureFamilies) figure_family(family, std::nullopt);
    for (const Family& family : kFigureFamilies)
      if (std::string_view(family.figure) != "duration_s")
        for (const IoDirection d : {IoDirection::read, IoDirection::write})
          figure_family(family, d);
    bounds();
    header("iogate_check_runs", "Runs of the sample the verdict stands on");
    for (const CheckRecord& c : checks_)
      if (has_figures(c))
        out() << fmt::format("iogate_check_runs{{{}}} {}\n", labels(c), c.runs > 0 ? c.runs : 1);
    header("iogate_checks", "Checks of the run with each verdict");
    std::map<std::tuple<std::string, std::string>, StatusCounts> counts;
    for (const CheckRecord& c : checks_) counts[{suite_of(c), datastore_of(c)}].add(c.status);
    for (const auto& [where, n] : counts)
      for (const CheckStatus s : kStatuses)
        out() << fmt::format(
            "iogate_checks{{suite=\"{}\",host=\"{}\",datastore=\"{}\",status=\"{}\"}} {}\n",
            label_value(std::get<0>(where)), label_value(context_.identity()),
            label_value(std::get<1>(where)), status_name(s), n.of(s));
    out().flush();
  }

 private:
  void header(const std::string& name, const std::string& help) {
    out() << "# HELP " << name << ' ' << help << "\n# TYPE " << name << " gauge\n";
  }

  // One family of figures: the run's (no direction), or both directions' of the runs that did
  // both; the family announced once, for the read side, and its write samples right after.
  void figure_family(const Family& family, std::optional<IoDirection> direction) {
    const std::string figure =
        direction ? std::string(direction_prefix(*direction)) + family.figure : family.figure;
    const PromFigure to = prom_figure(figure);
    const std::string name = "iogate_check_" + to.name;
    // A run of reads alone or writes alone has no family of its own to announce.
    if (direction && std::none_of(checks_.begin(), checks_.end(), [](const CheckRecord& c) {
          return has_figures(c) && both_directions(c.result);
        }))
      return;
    if (direction != IoDirection::write)
      header(name,
             direction ? std::string(family.help) + ", of one direction's I/Os" : family.help);
    for (const CheckRecord& c : checks_) {
      if (!has_figures(c) || (direction && !both_directions(c.result))) continue;
      if (const std::optional<double> v = figure_by_name(c.result, figure))
        out() << fmt::format("{}{{{}{}}} {}\n", name, labels(c), direction_label(to),
                             sample_value(to.base_unit(*v)));
    }
  }

  void bounds() {
    header("iogate_check_bound",
           "A bound a check holds a figure to, in the unit of that figure's gauge (figure: its "
           "name without iogate_check_)");
    for (const CheckRecord& c : checks_)
      for (const ExpectationRecord& e : c.expectations)
        if (const std::optional<KnownBound> b = known_bound(e)) {
          const PromFigure to = prom_figure(b->figure);
          out() << fmt::format("iogate_check_bound{{{},figure=\"{}\"{},sense=\"{}\"}} {}\n",
                               labels(c), label_value(to.name), direction_label(to),
                               sense_name(b->sense), sample_value(to.base_unit(b->value)));
        }
  }

  static std::string direction_label(const PromFigure& f) {
    if (!f.direction) return "";
    return fmt::format(",direction=\"{}\"", *f.direction == IoDirection::read ? "read" : "write");
  }
  std::string suite_of(const CheckRecord& c) const {
    return c.suite.empty() ? context_.suite : c.suite;
  }
  std::string datastore_of(const CheckRecord& c) const {
    return c.datastore.empty() ? context_.datastore : c.datastore;
  }
  std::string labels(const CheckRecord& c) const {
    return fmt::format("suite=\"{}\",check=\"{}\",host=\"{}\",datastore=\"{}\"",
                       label_value(suite_of(c)), label_value(c.check),
                       label_value(context_.identity()), label_value(datastore_of(c)));
  }
  RunContext context_;
  std::vector<CheckRecord> checks_;  // in run order, one per label set
  std::map<std::tuple<std::string, std::string, std::string>, std::size_t> index_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_prom_writer(std::ostream& out) {
  return std::make_unique<PromWriter>(out);
}

}  // namespace iogate
