// JUnit XML for dashboards (Jenkins, GitLab, Azure DevOps), valid against the Surefire/Ant schema
// (junit-10.xsd).
//
// Layout: one <testsuite> per iogate suite, one <testcase classname=suite name=check> per check.
// Both Jenkins and GitLab group test cases by suite/classname, so a <testsuite> per check would
// show each check as a suite of one.
//
// Where a check's figures and bounds go. The schema allows <properties> only on a <testsuite>;
// GitLab reads no properties at all, and Jenkins' JUnit plugin reads a test case's properties
// only since 2023 and only when keepProperties is set (off by default). What both show on a test
// case's page is its <system-out> (and <failure> text). So each test case's <system-out> holds the
// check as `key=value` lines, its headline first: status, each bound with its verdict
// (`bound.iops_min=300`, in the unit of the figure it bounds; `verdict.iops_min=holds: ...`),
// then the figures of the run the table row shows. Jenkins keeps only the first and last 500
// characters of a passing test's output, so what a reader looks for comes first. The suite's
// properties carry the host, datastore, iogate version and storage stack (the fingerprint), and
// the same headline named "<check>.<key>", for scripts that read properties.
//
// Status: fail → <failure type="threshold">, unstable → <failure type="unstable"> (the run was
// too noisy to pass: a dashboard should show it), skipped → <skipped>, error → <error>. The
// message is the one-line verdict; the text holds the table row, baseline lines and the
// fingerprint changes. The whole document is buffered until end(): the suite's counts come first.
//
// Every value and line is made printable (display_text.hpp) before the XML escaping: a datastore
// path, a message or a fingerprint field read back from another host's results may hold a
// newline, and in <system-out>'s key=value lines one would forge a line of its own ("datastore=/x
// <newline>status=pass"), in a message attribute split the verdict's one line.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "common/display_text.hpp"
#include "iogate/reports/report_formats.hpp"
#include "iogate/results/figures.hpp"
#include "iogate/results/iometer_table.hpp"
#include "xml_text.hpp"

namespace iogate {
namespace {

double check_time(const CheckRecord& c) { return c.wall_s > 0 ? c.wall_s : c.result.elapsed_s; }
std::string seconds(double s) { return fmt::format("{:.3f}", s < 0 ? 0.0 : s); }

using Field = std::pair<std::string, std::string>;

// What a reader of a check looks for first, in this order: its status, where it ran, each bound
// with its verdict, and the figures of the run its table row shows.
std::vector<Field> headline(const CheckRecord& c) {
  std::vector<Field> fields{{"status", status_name(c.status)}};
  if (!c.datastore.empty()) fields.emplace_back("datastore", c.datastore);
  for (const ExpectationRecord& e : c.expectations) {
    if (const std::optional<KnownBound> b = known_bound(e))
      fields.emplace_back("bound." + e.key, format_figure(b->value));
    fields.emplace_back("verdict." + e.key, e.decision + ": " + e.evidence);
  }
  if (has_figures(c))
    for (const Figure& f : key_figures(c.result))
      fields.emplace_back(f.key, format_figure(f.value));
  return fields;
}

class JunitWriter final : public ReportWriter {
 public:
  using ReportWriter::ReportWriter;

  void begin(const RunContext& context) override { context_ = context; }
  void check(const CheckRecord& record) override {
    if (!by_suite_.count(record.suite)) order_.push_back(record.suite);
    by_suite_[record.suite].push_back(record);
  }
  void end() override;

 private:
  void suite(const std::string& name, const std::vector<CheckRecord>& checks);
  void property(const std::string& name, const std::string& value);
  void testcase(const CheckRecord& c);

  RunContext context_;
  std::vector<std::string> order_;
  std::map<std::string, std::vector<CheckRecord>> by_suite_;
};

void JunitWriter::end() {
  StatusCounts all;
  double time = 0;
  for (const auto& [name, checks] : by_suite_) {
    for (const CheckRecord& c : checks) {
      all.add(c.status);
      time += check_time(c);
    }
  }
  out() << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << fmt::format(
               "<testsuites name=\"iogate\" tests=\"{}\" failures=\"{}\" errors=\"{}\" "
               "time=\"{}\">\n",
               all.total(), all.fail + all.unstable, all.error, seconds(time));
  for (const std::string& name : order_) suite(name, by_suite_[name]);
  out() << "</testsuites>\n";
  out().flush();
}

void JunitWriter::suite(const std::string& name, const std::vector<CheckRecord>& checks) {
  const StatusCounts n = count_statuses(checks);
  double time = 0;
  for (const CheckRecord& c : checks) time += check_time(c);
  out() << fmt::format(
      "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" "
      "time=\"{}\" timestamp=\"{}\" hostname=\"{}\">\n",
      xml::attribute(name), n.total(), n.fail + n.unstable, n.error, n.skipped, seconds(time),
      xml::attribute(context_.started_at), xml::attribute(context_.identity()));
  out() << "    <properties>\n";
  property("iogate_version", context_.iogate_version);
  property("host", context_.host);
  if (!context_.host_label.empty()) property("host_label", context_.host_label);
  property("datastore", context_.datastore);
  for (const auto& [key, value] : context_.stack.fields()) property("stack." + key, value);
  for (const CheckRecord& c : checks)
    for (const auto& [key, value] : headline(c)) property(c.check + "." + key, value);
  out() << "    </properties>\n";
  for (const CheckRecord& c : checks) testcase(c);
  out() << "  </testsuite>\n";
}

void JunitWriter::property(const std::string& name, const std::string& value) {
  out() << fmt::format("      <property name=\"{}\" value=\"{}\"/>\n", xml::attribute(name),
                       xml::attribute(printable(value)));
}

void JunitWriter::testcase(const CheckRecord& c) {
  out() << fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{}\">\n",
                       xml::attribute(c.suite), xml::attribute(c.check), seconds(check_time(c)));
  const std::string message = xml::attribute(printable(one_line_verdict(c)));
  std::string detail =
      table_header() + "\n" + table_row_line(table_row(c.check, c.result, c.status)) + "\n";
  const auto add = [&detail](const std::string& line) { detail += printable(line) + "\n"; };
  for (const std::string& line : c.messages) add(line);
  for (const std::string& line : evidence_lines(c)) add(line);
  for (const std::string& line : baseline_lines(c)) add(line);
  for (const std::string& line : c.fingerprint_changes) add("fingerprint: " + line);
  for (const std::string& line : confirmation_lines(c)) add(line);
  switch (c.status) {
    case CheckStatus::pass:
      break;
    case CheckStatus::fail:
    case CheckStatus::unstable:
      out() << fmt::format("      <failure type=\"{}\" message=\"{}\">{}</failure>\n",
                           c.status == CheckStatus::fail ? "threshold" : "unstable", message,
                           xml::text(detail));
      break;
    case CheckStatus::skipped:
      out() << fmt::format("      <skipped message=\"{}\"/>\n", message);
      break;
    case CheckStatus::error:
      out() << fmt::format("      <error type=\"error\" message=\"{}\">{}</error>\n", message,
                           xml::text(detail));
      break;
  }
  std::string figures;
  for (const auto& [key, value] : headline(c)) figures += key + "=" + printable(value) + "\n";
  if (has_figures(c)) figures += "engine=" + printable(c.result.engine) + "\n";
  for (const BaselineFigure& b : c.baseline)
    figures += fmt::format("baseline.{}={}\ndelta_pct.{}={}\n", b.key, format_figure(b.baseline),
                           b.key, format_figure(b.delta_pct()));
  if (c.runs > 0) figures += fmt::format("runs={}\nruns_allowed={}\n", c.runs, c.runs_allowed);
  const auto joined = [](const std::vector<std::string>& lines) {
    return printable(fmt::format("{}", fmt::join(lines, "; ")));
  };
  if (const auto& k = c.confirmation)
    figures += fmt::format(
        "confirmation={}\nconfirmation.first_at={}\nconfirmation.first_runs={}\n"
        "confirmation.first={}\nconfirmation.pause_s={}\nconfirmation.second_at={}\n"
        "confirmation.second={}\n",
        k->outcome, printable(k->first_at), k->first_runs, joined(k->first),
        format_figure(k->pause_s), printable(k->second_at), joined(k->second));
  if (const auto& k = c.confirmation; k && !k->together.empty())
    figures += fmt::format("confirmation.together={}\n", joined(k->together));
  for (const std::string& line : c.fallbacks) figures += "fallback=" + printable(line) + "\n";
  out() << "      <system-out>" << xml::text(figures) << "</system-out>\n";
  out() << "    </testcase>\n";
}

}  // namespace

std::unique_ptr<ReportWriter> make_junit_writer(std::ostream& out) {
  return std::make_unique<JunitWriter>(out);
}

}  // namespace iogate
