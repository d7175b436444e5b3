#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <map>
#include <sstream>
#include <vector>

#include "iogate/reports/report_formats.hpp"
#include "iogate_test/golden.hpp"
#include "iogate_test/sample_report.hpp"

namespace iogate {
namespace {

template <typename Make>
std::string render(Make make) {
  std::ostringstream out;
  const auto writer = make(out);
  write_report(*writer, test::sample_report());
  return out.str();
}

TEST(WritersGolden, Junit) {
  test::expect_golden("junit.xml", render([](std::ostream& o) { return make_junit_writer(o); }));
}

TEST(WritersGolden, Json) {
  test::expect_golden("results.json", render([](std::ostream& o) { return make_json_writer(o); }));
}

TEST(WritersGolden, GoogleBenchmarkJson) {
  test::expect_golden("gbench.json", render([](std::ostream& o) { return make_gbench_writer(o); }));
}

// compare.py compares times: with one iteration per I/O a lower IOPS is a longer time, also for a
// time-based check, whose run time is its fixed window.
TEST(GoogleBenchmarkJson, OneIterationIsOneIoSoTheTimeIsTheInverseOfIops) {
  const auto doc =
      nlohmann::json::parse(render([](std::ostream& o) { return make_gbench_writer(o); }));
  int iterations = 0;
  for (const auto& b : doc["benchmarks"]) {
    if (b["run_type"] != "iteration") continue;
    ++iterations;
    EXPECT_EQ(b["time_unit"], "us");
    EXPECT_NEAR(b["real_time"].get<double>() * b["items_per_second"].get<double>(), 1e6, 1e-3)
        << b.dump();
  }
  EXPECT_EQ(iterations, 4);
  const auto& first = doc["benchmarks"][0];
  EXPECT_EQ(first["iterations"], 4000);  // the sample's 4000 I/Os in 4 s
  EXPECT_DOUBLE_EQ(first["real_time"].get<double>(), 1000.0);
}

TEST(WritersGolden, Markdown) {
  test::expect_golden("summary.md",
                      render([](std::ostream& o) { return make_markdown_writer(o); }));
}

TEST(WritersGolden, IometerCsv) {
  test::expect_golden("iometer.csv",
                      render([](std::ostream& o) { return make_iometer_csv_writer(o); }));
}

// IOMeter's layout, read as its scripts read it: the header's columns by name, every row as wide
// as the header, the figures in their columns, and nothing iogate did not measure filled in.
TEST(IometerCsv, EveryRowHasIometersColumnsAndOnlyMeasuredFigures) {
  std::istringstream in(render([](std::ostream& o) { return make_iometer_csv_writer(o); }));
  std::vector<std::string> header;
  int all_rows = 0;
  const auto split = [](const std::string& line) {
    std::vector<std::string> fields;
    std::stringstream ss(line);
    for (std::string f; std::getline(ss, f, ',');) fields.push_back(f);
    if (!line.empty() && line.back() == ',') fields.emplace_back();
    return fields;
  };
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("'Target Type,", 0) == 0) {
      header = split(line.substr(1));
      continue;
    }
    if (line.rfind("ALL,", 0) != 0 && line.rfind("MANAGER,", 0) != 0) continue;
    const std::vector<std::string> row = split(line);
    ASSERT_EQ(header.size(), 80u);
    ASSERT_EQ(row.size(), header.size()) << line;
    std::map<std::string, std::string> at;
    for (std::size_t i = 0; i < header.size(); ++i) at[header[i]] = row[i];
    EXPECT_FALSE(at["IOps"].empty());
    EXPECT_DOUBLE_EQ(std::stod(at["IOps"]),
                     std::stod(at["Read IOps"]) + std::stod(at["Write IOps"]));
    // Each direction's response times are its own, and empty for a direction without I/O.
    for (const std::string side : {"Read", "Write"}) {
      const bool did = std::stod(at[side + " IOps"]) > 0;
      EXPECT_EQ(at["Average " + side + " Response Time"].empty(), !did) << line;
      EXPECT_EQ(at["Maximum " + side + " Response Time"].empty(), !did) << line;
    }
    EXPECT_EQ(at["% User Time"], "");
    if (row[0] == "ALL") ++all_rows;
  }
  EXPECT_EQ(all_rows, 5);  // one test per check of the sample
}

TEST(WritersGolden, ConsolePlain) {
  test::expect_golden("console.txt",
                      render([](std::ostream& o) { return make_console_writer(o, false); }));
}

TEST(WritersGolden, ConsoleColourKeepsColumns) {
  const std::string plain = render([](std::ostream& o) { return make_console_writer(o, false); });
  std::string coloured = render([](std::ostream& o) { return make_console_writer(o, true); });
  EXPECT_NE(coloured.find("\x1b[31mFAIL\x1b[0m"), std::string::npos);
  EXPECT_NE(coloured.find("\x1b[32mPASS\x1b[0m"), std::string::npos);
  for (const char* code : {"\x1b[31m", "\x1b[32m", "\x1b[33m", "\x1b[0m"})
    for (std::size_t at; (at = coloured.find(code)) != std::string::npos;)
      coloured.erase(at, std::string(code).size());
  EXPECT_EQ(coloured, plain);
}

TEST(WritersGolden, Html) {
  test::expect_golden("report.html", render([](std::ostream& o) {
                        return make_html_writer(o, "/* chart.js </script> stand-in */");
                      }));
}

TEST(HtmlWriter, FetchesNothingAndKeepsScriptsClosed) {
  const std::string page =
      render([](std::ostream& o) { return make_html_writer(o, "var x = '</script>';"); });
  for (const char* remote : {"http://", "https://", "src=", "@import", "url("})
    EXPECT_EQ(page.find(remote), std::string::npos) << remote;
  EXPECT_EQ(page.find("'</script>'"), std::string::npos);
  EXPECT_NE(page.find("seq_&lt;write&gt;_&amp;_&quot;8k&quot;"), std::string::npos);
  // Nor raw in the embedded figures: a "<!--<script" there would swallow the scripts after it.
  EXPECT_EQ(page.find("seq_<write>"), std::string::npos);
  EXPECT_NE(page.find("seq_\\u003cwrite>"), std::string::npos);
}

TEST(HtmlWriter, WithoutChartJsSaysSo) {
  const std::string page = render([](std::ostream& o) { return make_html_writer(o, ""); });
  EXPECT_NE(page.find("Charts unavailable"), std::string::npos);
  EXPECT_NE(page.find("id=\"results\""), std::string::npos);
}

// A datastore path and a message read back from another host's results with a newline and an ESC
// in them: each writer keeps them on their one line, shown escaped, and the JSON keeps them whole.
TEST(Writers, APathWithANewlineOrEscStaysOnItsLine) {
  const std::string datastore = "/mnt/a\nstatus=pass\x1b[31m";
  RunRecord report = test::sample_report();
  report.context.datastore = datastore;
  report.checks[0].datastore = datastore;  // results of several datastores name each check's
  report.checks[4].messages = {"no_space: error: datastore " + datastore + " is full"};
  const auto written = [&report](auto make) {
    std::ostringstream out;
    write_report(*make(out), report);
    return out.str();
  };
  const std::string junit = written([](std::ostream& o) { return make_junit_writer(o); });
  const std::string markdown = written([](std::ostream& o) { return make_markdown_writer(o); });
  const std::string html = written([](std::ostream& o) { return make_html_writer(o, ""); });
  const std::string json = written([](std::ostream& o) { return make_json_writer(o); });
  for (const std::string* text : {&junit, &markdown, &html, &json}) {
    EXPECT_EQ(text->find("\nstatus=pass"), std::string::npos) << *text;
    EXPECT_EQ(text->find('\x1b'), std::string::npos) << *text;
  }
  EXPECT_NE(junit.find("<property name=\"datastore\" value=\"/mnt/a\\x0astatus=pass\\x1b[31m\"/>"),
            std::string::npos);
  EXPECT_NE(junit.find("\ndatastore=/mnt/a\\x0astatus=pass\\x1b[31m\n"), std::string::npos);
  EXPECT_NE(junit.find("message=\"no_space: error: datastore /mnt/a\\x0astatus=pass"),
            std::string::npos);
  EXPECT_NE(markdown.find("/mnt/a\\x0astatus=pass\\x1b[31m"), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(json)["context"]["datastore"], datastore);
}

}  // namespace
}  // namespace iogate
