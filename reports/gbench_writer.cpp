// Google Benchmark's JSON output format, so that its tools/compare.py (Debian: libbenchmark-tools)
// can compare two iogate runs (before and after a driver or firmware upgrade) with the statistics
// it already has. One benchmark entry per check and run, named "<suite>/<check>", in which one
// iteration is one I/O:
//   iterations = I/Os, real_time = wall time per I/O (the run's elapsed time over its I/Os: the
//   inverse of IOPS, not the latency of one I/O, which queue depth hides), cpu_time = this
//   process's CPU time per I/O, both in microseconds; bytes_per_second and items_per_second (IOPS)
//   as counters.
// compare.py compares times, so a slower datastore shows as a time increase for every check,
// time-based ones included (their run time is the fixed window; their time per I/O is not).
// The unit is always "us": compare.py pairs only entries with the same time_unit, and a unit
// chosen by magnitude would drop a check whose regression crossed a unit boundary.
// A repeated check (baseline recording, adaptive runs) has one entry per run and, as Google
// Benchmark writes after repetitions, the aggregates <name>_mean, _median, _stddev and _cv, so
// compare.py's U test and its aggregate rows apply.
//
// Written here rather than by Google Benchmark's runner (checks registered with
// RegisterBenchmark and manual time): iogate's runner owns the measurement (layout, retries,
// adaptive repeats, verdicts); Google Benchmark's runner would choose its own iteration counts
// and repetitions, i.e. either measure a second time or replay recorded figures through a loop.
// The format is held to compare.py by the rig test that runs it (rig.gbench_compare).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <vector>

#include "iogate/reports/report_formats.hpp"
#include "iogate/results/figures.hpp"
#include "iogate/verdicts/statistics.hpp"

namespace iogate {
namespace {

constexpr double kMicrosecondsPerSecond = 1e6;

// One run as Google Benchmark's figures of one repetition.
struct Repetition {
  std::uint64_t ios = 0;
  double real_us_per_io = 0;
  double cpu_us_per_io = 0;
  double bytes_per_second = 0;
  double items_per_second = 0;
};

Repetition repetition_of(const RunResult& r) {
  const std::uint64_t ios = r.ios();
  const auto n = static_cast<double>(ios);
  const double cpu_s = r.elapsed_s * r.cpu_process_pct / 100.0;
  return {ios, r.elapsed_s / n * kMicrosecondsPerSecond, cpu_s / n * kMicrosecondsPerSecond,
          r.mbps() * 1048576.0, r.iops()};
}

class GbenchWriter final : public ReportWriter {
 public:
  using ReportWriter::ReportWriter;

  void begin(const RunContext& context) override {
    doc_ = {{"context",
             {{"date", context.started_at},
              {"host_name", context.identity()},  // the host label where one names the host
              {"executable", "iogate " + context.iogate_version},
              {"library_build_type", "release"}}},
            {"benchmarks", nlohmann::json::array()}};
  }

  void check(const CheckRecord& c) override {
    if (!has_figures(c)) return;  // never ran: no time to compare
    const std::span<const RunResult> judged = c.judged_repeats();
    const std::vector<RunResult> runs =
        judged.empty() ? std::vector{c.result} : std::vector(judged.begin(), judged.end());
    std::vector<Repetition> reps;
    for (const RunResult& r : runs)
      if (r.ios() > 0) reps.push_back(repetition_of(r));  // no I/O: no time per I/O
    if (reps.empty()) return;
    const std::string name = c.suite + "/" + c.check;
    for (std::size_t k = 0; k < reps.size(); ++k) {
      nlohmann::json entry = common(name, name, reps.size());
      entry["run_type"] = "iteration";
      entry["repetition_index"] = k;
      entry["iterations"] = reps[k].ios;
      entry["real_time"] = reps[k].real_us_per_io;
      entry["cpu_time"] = reps[k].cpu_us_per_io;
      entry["bytes_per_second"] = reps[k].bytes_per_second;
      entry["items_per_second"] = reps[k].items_per_second;
      doc_["benchmarks"].push_back(std::move(entry));
    }
    if (reps.size() > 1) aggregates(name, reps);
    ++family_;
  }

  void end() override {
    out() << doc_.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    out().flush();
  }

 private:
  nlohmann::json common(const std::string& name, const std::string& run_name,
                        std::size_t repetitions) const {
    return {{"name", name},         {"family_index", family_},    {"per_family_instance_index", 0},
            {"run_name", run_name}, {"repetitions", repetitions}, {"threads", 1},
            {"time_unit", "us"}};
  }

  // Google Benchmark's aggregates: each statistic of each figure over the repetitions; for cv
  // the figures are fractions (aggregate_unit "percentage").
  void aggregates(const std::string& name, const std::vector<Repetition>& reps) {
    auto column = [&](double Repetition::*field) {
      std::vector<double> v;
      for (const Repetition& r : reps) v.push_back(r.*field);
      return v;
    };
    struct Statistic {
      const char* name;
      double (*of)(const std::vector<double>&);
    };
    static const Statistic statistics[] = {
        {"mean", [](const std::vector<double>& v) { return mean(v); }},
        {"median", [](const std::vector<double>& v) { return median(v); }},
        // Sample standard deviation (n - 1), as Google Benchmark's.
        {"stddev", [](const std::vector<double>& v) { return sample_stddev(v); }},
        {"cv", [](const std::vector<double>& v) { return coefficient_of_variation(v); }}};
    for (const Statistic& s : statistics) {
      nlohmann::json entry = common(name + "_" + s.name, name, reps.size());
      entry["run_type"] = "aggregate";
      entry["aggregate_name"] = s.name;
      entry["aggregate_unit"] = std::string(s.name) == "cv" ? "percentage" : "time";
      entry["iterations"] = reps.size();
      entry["real_time"] = s.of(column(&Repetition::real_us_per_io));
      entry["cpu_time"] = s.of(column(&Repetition::cpu_us_per_io));
      entry["bytes_per_second"] = s.of(column(&Repetition::bytes_per_second));
      entry["items_per_second"] = s.of(column(&Repetition::items_per_second));
      doc_["benchmarks"].push_back(std::move(entry));
    }
  }

  nlohmann::json doc_;
  int family_ = 0;
};

}  // namespace

std::unique_ptr<ReportWriter> make_gbench_writer(std::ostream& out) {
  return std::make_unique<GbenchWriter>(out);
}

}  // namespace iogate
