#include "iogate/reports/report_writer.hpp"

namespace iogate {

void write_report(ReportWriter& writer, const RunRecord& report) {
  writer.begin(report.context);
  for (const CheckRecord& record : report.checks) writer.check(record);
  writer.end();
}

}  // namespace iogate
