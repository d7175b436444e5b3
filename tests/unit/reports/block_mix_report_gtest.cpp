// A block-size mix through the results: the workload codec carries it (baselines and the fleet
// group by that JSON, so a workload of one size keeps the JSON it had), the run codec carries the
// per-size counts and their measured shares, and the console and Markdown reports print the
// measured shares beside the asked ones.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "iogate/reports/report_formats.hpp"
#include "iogate/results/figures.hpp"
#include "results/result_json.hpp"
#include "results/result_reader.hpp"
#include "results/run_json.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

WorkloadSpec mixed_workload() {
  WorkloadSpec w;
  w.block_size = 4096;
  w.block_mix = {{4096, 60}, {65536, 40}};
  w.file_size = 1 << 30;
  w.io_size = 64 << 20;
  return w;
}

RunResult mixed_result() {
  RunResult r;
  r.engine = "psync";
  r.ios_read = 1000;
  r.bytes_read = 601 * 4096 + 399 * 65536;
  r.elapsed_s = 2;
  r.block_sizes = {{4096, 601, 601 * 4096}, {65536, 399, 399 * 65536}};
  return r;
}

TEST(BlockMixJson, TheWorkloadCarriesTheMixAndReadsItBack) {
  const nlohmann::json j = workload_to_json(mixed_workload());
  ASSERT_TRUE(j.contains("block_mix"));
  EXPECT_EQ(j["block_mix"][1]["block_size"], 65536);
  EXPECT_EQ(j["block_mix"][1]["pct"], 40.0);
  const WorkloadSpec back = workload_from_json(j);
  ASSERT_EQ(back.block_mix.size(), 2u);
  EXPECT_EQ(back.block_mix[0].block_size, 4096u);
  EXPECT_EQ(back.block_mix[0].pct, 60.0);
  EXPECT_EQ(workload_to_json(back), j);
}

TEST(BlockMixJson, OneSizeKeepsTheJsonItHad) {
  WorkloadSpec w = mixed_workload();
  w.block_mix.clear();
  const nlohmann::json j = workload_to_json(w);
  EXPECT_FALSE(j.contains("block_mix"));
  EXPECT_TRUE(workload_from_json(j).block_mix.empty());
  EXPECT_FALSE(run_to_json(RunResult{}).contains("block_sizes"));
}

TEST(BlockMixJson, TheRunCarriesItsCountsPerSizeWithTheMeasuredShare) {
  const nlohmann::json j = run_to_json(mixed_result());
  ASSERT_TRUE(j.contains("block_sizes"));
  EXPECT_EQ(j["block_sizes"][0]["block_size"], 4096);
  EXPECT_EQ(j["block_sizes"][0]["ios"], 601);
  EXPECT_EQ(j["block_sizes"][1]["bytes"], 399 * 65536);
  EXPECT_DOUBLE_EQ(j["block_sizes"][0]["ios_pct"].get<double>(), 60.1);
  EXPECT_EQ(run_from_json(j).block_sizes, mixed_result().block_sizes);
}

TEST(BlockMixJson, ACheckDocumentReadsBackWithBoth) {
  CheckRecord c;
  c.suite = "s";
  c.check = "file_server";
  c.workload = mixed_workload();
  c.result = mixed_result();
  const CheckRecord back = check_from_json(check_to_json(c, RunContext{}));
  EXPECT_EQ(back.workload.block_mix.size(), 2u);
  EXPECT_EQ(back.result.block_sizes, c.result.block_sizes);
}

TEST(BlockMixReport, TheLineSetsMeasuredBesideAsked) {
  EXPECT_EQ(block_mix_line(mixed_workload(), mixed_result()),
            "block sizes: 4 KiB 60.10% of I/Os (asked 60%), 64 KiB 39.90% (asked 40%)");
  WorkloadSpec one = mixed_workload();
  one.block_mix.clear();
  EXPECT_EQ(block_mix_line(one, mixed_result()), "");
}

TEST(BlockMixReport, ConsoleAndMarkdownPrintIt) {
  RunRecord report;
  report.context.suite = "s";
  CheckRecord c;
  c.check = "file_server";
  c.workload = mixed_workload();
  c.result = mixed_result();
  CheckRecord plain = c;
  plain.check = "plain";
  plain.workload.block_mix.clear();
  plain.result.block_sizes.clear();
  report.checks = {c, plain};
  std::ostringstream console, markdown;
  write_report(*make_console_writer(console, false), report);
  write_report(*make_markdown_writer(markdown), report);
  EXPECT_THAT(console.str(), HasSubstr("file_server: block sizes: 4 KiB 60.10% of I/Os"));
  EXPECT_THAT(console.str(), Not(HasSubstr("plain: block sizes")));
  EXPECT_THAT(markdown.str(), HasSubstr("### Block-size mixes\n\n- **file_server**: block sizes: "
                                        "4 KiB 60.10% of I/Os (asked 60%), 64 KiB 39.90% (asked "
                                        "40%)\n"));
  EXPECT_THAT(markdown.str(), Not(HasSubstr("**plain**: block sizes")));
}

}  // namespace
}  // namespace iogate
