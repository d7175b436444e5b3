// iogate's results document: one per run, versioned, everything a later reader needs to redraw
// any other report (read_results() in result_reader.hpp reads it back):
//   {"format": "iogate-results", "version": 1, "context": {...}, "summary": {"pass": 3, ...},
//    "checks": [ <check_entry_to_json> ... ]}
#include <nlohmann/json.hpp>

#include "iogate/reports/report_formats.hpp"
#include "iogate/results/figures.hpp"
#include "results/result_json.hpp"

namespace iogate {
namespace {

class JsonWriter final : public ReportWriter {
 public:
  using ReportWriter::ReportWriter;

  void begin(const RunContext& context) override {
    doc_ = {{"format", "iogate-results"},
            {"version", kResultJsonVersion},
            {"context", context_to_json(context)},
            {"checks", nlohmann::json::array()}};
  }
  void check(const CheckRecord& record) override {
    doc_["checks"].push_back(check_entry_to_json(record));
    records_.push_back(record);
  }
  void end() override {
    const StatusCounts n = count_statuses(records_);
    doc_["summary"] = {{"pass", n.pass},       {"fail", n.fail},   {"unstable", n.unstable},
                       {"skipped", n.skipped}, {"error", n.error}, {"total", n.total()}};
    out() << doc_.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    out().flush();
  }

 private:
  nlohmann::json doc_;
  std::vector<CheckRecord> records_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_json_writer(std::ostream& out) {
  return std::make_unique<JsonWriter>(out);
}

}  // namespace iogate
