// The Prometheus text exposition format (version 0.0.4), as node_exporter's textfile collector
// reads it: a host's last run becomes a few gauges a Grafana board and an alert rule can use.
//
//   iogate_check_status{suite,check,host,datastore,status}  1 for the check's verdict and 0 for
//       the four others (a state set: `iogate_check_status{status="fail"} == 1` alerts)
//   iogate_check_iops, iogate_check_throughput_bytes_per_second,
//   iogate_check_latency_{avg,p99,max}_seconds, iogate_check_run_seconds: the judged run's
//       figures, in base units (bytes, seconds) as Prometheus names them; only for a check that
//       ran (has_figures), never a zero that looks like a measurement
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

#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <tuple>

#include "iogate/display_text.hpp"
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

struct Family {
  const char* name;
  const char* help;
  // The figure of a check that ran; none: the check has no such figure (a latency without an I/O).
  std::function<std::optional<double>(const CheckRecord&)> value;
};

std::optional<double> seconds_of_ms(const CheckRecord& c, const char* figure) {
  const std::optional<double> ms = figure_by_name(c.result, figure);
  if (!ms) return std::nullopt;
  return *ms / 1e3;
}

const std::vector<Family>& figure_families() {
  static const std::vector<Family> families = {
      {"iogate_check_iops", "I/O operations per second of the run the verdict stands on",
       [](const CheckRecord& c) { return std::optional<double>(c.result.iops()); }},
      {"iogate_check_throughput_bytes_per_second",
       "Bytes per second read and written by the run the verdict stands on",
       [](const CheckRecord& c) {
         return std::optional<double>(c.result.mbps() * 1024 * 1024);  // mbps() is MiB/s
       }},
      {"iogate_check_latency_avg_seconds", "Mean I/O latency, submit to completion",
       [](const CheckRecord& c) { return seconds_of_ms(c, "latency_avg_ms"); }},
      {"iogate_check_latency_p99_seconds", "99th percentile of I/O latency, submit to completion",
       [](const CheckRecord& c) { return seconds_of_ms(c, "latency_p99_ms"); }},
      {"iogate_check_latency_max_seconds", "Longest I/O latency, submit to completion",
       [](const CheckRecord& c) { return seconds_of_ms(c, "latency_max_ms"); }},
      {"iogate_check_run_seconds", "Length of the measured window of the run, ramp-up excluded",
       [](const CheckRecord& c) { return std::optional<double>(c.result.elapsed_s); }},
      {"iogate_check_runs", "Runs of the sample the verdict stands on",
       [](const CheckRecord& c) { return std::optional<double>(c.runs > 0 ? c.runs : 1); }},
  };
  return families;
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
    for (const Family& family : figure_families()) {
      header(family.name, family.help);
      for (const CheckRecord& c : checks_) {
        if (!has_figures(c)) continue;
        if (const std::optional<double> v = family.value(c))
          out() << fmt::format("{}{{{}}} {}\n", family.name, labels(c), sample_value(*v));
      }
    }
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
  void header(const char* name, const char* help) {
    out() << "# HELP " << name << ' ' << help << "\n# TYPE " << name << " gauge\n";
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
