// The report formats. Each is a ReportWriter (report_writer.hpp) in a file of its own in
// reports/; the file's top comment says what the format holds and why.
#pragma once

#include <memory>
#include <string>

#include "iogate/reports/report_writer.hpp"

namespace iogate {

// JUnit XML valid against the Surefire/Ant schema (junit-10.xsd): one <testsuite> per suite.
std::unique_ptr<ReportWriter> make_junit_writer(std::ostream& out);

// iogate's own versioned results document: the context and every check in full (result_json.hpp
// has the field names); read back by read_results() in result_reader.hpp.
std::unique_ptr<ReportWriter> make_json_writer(std::ostream& out);

// Google Benchmark's JSON output format, for its tools/compare.py.
std::unique_ptr<ReportWriter> make_gbench_writer(std::ostream& out);

// The Prometheus text format for node_exporter's textfile collector: the verdicts and figures as
// gauges labelled by suite, check, host and datastore (prom_writer.cpp has the metric names).
std::unique_ptr<ReportWriter> make_prom_writer(std::ostream& out);

// A Markdown summary for CI job summaries (GitHub $GITHUB_STEP_SUMMARY, GitLab, Azure).
std::unique_ptr<ReportWriter> make_markdown_writer(std::ostream& out);

// IOMeter's result CSV (IOMeter 1.1's layout): one test per check, for scripts that read IOMeter's
// results; what iogate does not measure is left empty (iometer_csv_writer.cpp).
std::unique_ptr<ReportWriter> make_iometer_csv_writer(std::ostream& out);

// The IOMeter-style table with the verdict column; colour (ANSI) only when asked, i.e. on a TTY.
std::unique_ptr<ReportWriter> make_console_writer(std::ostream& out, bool colour);

// One self-contained HTML page. `chart_js` is the charting library's source, inlined in the page
// (load_chart_js() reads Debian's Chart.js); empty: the page keeps its tables and says the charts
// are unavailable.
std::unique_ptr<ReportWriter> make_html_writer(std::ostream& out, std::string chart_js);

// Chart.js from Debian's libjs-chart.js (/usr/share/javascript/chart.js/chart.min.js), or from
// $IOGATE_CHART_JS; empty when that variable is unset and Debian's file is not installed. Read by
// the one bounded reader (read_file.hpp): a file named that is no regular file (a device, a FIFO),
// is larger than a script can be or cannot be read is a FileReadError naming it.
std::string load_chart_js();

}  // namespace iogate
