// The interface every report format implements, after Google Benchmark's BenchmarkReporter: a
// writer is handed the run's context once, then each check's record in order, then told the run
// ended. It writes to the stream it was given and computes nothing: every figure comes from the
// records (CheckRecord, RunResult) and the derived helpers in figures.hpp.
//
// Formats that need totals before the first check (JUnit's counts, the HTML summary) keep the
// records until end(); the stream-friendly ones (console, Markdown rows) may write as they go.
#pragma once

#include <ostream>
#include <vector>

#include "iogate/results/check_record.hpp"

namespace iogate {

class ReportWriter {
 public:
  explicit ReportWriter(std::ostream& out) : out_(out) {}
  virtual ~ReportWriter() = default;
  ReportWriter(const ReportWriter&) = delete;
  ReportWriter& operator=(const ReportWriter&) = delete;

  virtual void begin(const RunContext& context) = 0;
  virtual void check(const CheckRecord& record) = 0;
  virtual void end() = 0;

 protected:
  std::ostream& out() { return out_; }

 private:
  std::ostream& out_;
};

// begin, every check, end.
void write_report(ReportWriter& writer, const RunRecord& report);

}  // namespace iogate
