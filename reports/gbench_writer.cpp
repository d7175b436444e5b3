// Google Benchmark's JSON output format, so that its tools/compare.py can compare two iogate runs
// (before and after a driver or firmware upgrade) with the statistics it already has. One
// benchmark entry per check and repetition, named "<suite>/<check>":
//   real_time = the measured run's wall time, cpu_time = this process's CPU time in it (both in
//   seconds, time_unit "s"), iterations = I/Os, bytes_per_second, items_per_second = IOPS.
// In Google Benchmark real_time is per iteration, so an iteration is the whole run (iterations 1)
// and the I/O count is a counter ("ios"). compare.py compares the times: meaningful for
// size-based checks; a time-based check's run time is its fixed window, and its change shows in
// items_per_second / bytes_per_second instead. A check run once is one entry with repetitions 1; a
// repeated one has an entry per repetition (compare.py's U test uses them).
#include <nlohmann/json.hpp>

#include "iogate/reports/figures.hpp"
#include "iogate/reports/report_formats.hpp"

namespace iogate {
namespace {

class GbenchWriter final : public ReportWriter {
 public:
  using ReportWriter::ReportWriter;

  void begin(const RunContext& context) override {
    doc_ = {{"context",
             {{"date", context.started_at},
              {"host_name", context.host},
              {"executable", "iogate " + context.iogate_version},
              {"library_build_type", "release"}}},
            {"benchmarks", nlohmann::json::array()}};
  }

  void check(const CheckRecord& c) override {
    if (!has_figures(c)) return;  // never ran: no time to compare
    const std::string name = c.suite + "/" + c.check;
    const std::vector<RunResult> runs = c.repeats.empty() ? std::vector{c.result} : c.repeats;
    for (std::size_t k = 0; k < runs.size(); ++k) {
      const RunResult& r = runs[k];
      doc_["benchmarks"].push_back({{"name", name},
                                    {"family_index", family_},
                                    {"per_family_instance_index", 0},
                                    {"run_name", name},
                                    {"run_type", "iteration"},
                                    {"repetitions", runs.size()},
                                    {"repetition_index", k},
                                    {"threads", 1},
                                    {"iterations", 1},  // one iteration = one run
                                    {"ios", r.ios()},
                                    {"real_time", r.elapsed_s},
                                    {"cpu_time", r.elapsed_s * r.cpu_process_pct / 100.0},
                                    {"time_unit", "s"},
                                    {"bytes_per_second", r.mbps() * 1048576.0},
                                    {"items_per_second", r.iops()}});
    }
    ++family_;
  }

  void end() override {
    out() << doc_.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    out().flush();
  }

 private:
  nlohmann::json doc_;
  int family_ = 0;
};

}  // namespace

std::unique_ptr<ReportWriter> make_gbench_writer(std::ostream& out) {
  return std::make_unique<GbenchWriter>(out);
}

}  // namespace iogate
