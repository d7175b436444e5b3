// `iogate run`'s workload flags as a user types them: --bssplit in fio's syntax, its block_size,
// and its refusals naming the flag.
#include "workload_flags.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace iogate::cli {
namespace {

using ::testing::HasSubstr;

WorkloadSpec spec_of(std::vector<std::string> args) {
  CLI::App app;
  CLI::App* run = app.add_subcommand("run");
  WorkloadFlags flags;
  flags.add_to(*run);
  args.insert(args.begin(), "run");
  std::reverse(args.begin(), args.end());  // CLI11 takes the arguments last first
  app.parse(args);
  return flags.to_spec();
}

std::string refusal(std::vector<std::string> args) {
  try {
    (void)spec_of(std::move(args));
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "accepted";
}

TEST(WorkloadFlags, BssplitReadsFiosSyntaxAndSetsTheSmallestAsBlockSize) {
  const WorkloadSpec s = spec_of({"--bssplit", "64k/40:4k/60", "--size", "8MiB"});
  ASSERT_EQ(s.block_mix.size(), 2u);
  EXPECT_EQ(s.block_mix[0].block_size, 65536u);
  EXPECT_EQ(s.block_mix[0].pct, 40.0);
  EXPECT_EQ(s.block_mix[1].block_size, 4096u);
  EXPECT_EQ(s.block_mix[1].pct, 60.0);
  EXPECT_EQ(s.block_size, 4096u);
}

TEST(WorkloadFlags, CpuAffinityReadsTheThresholdFilesSpelling) {
  EXPECT_FALSE(spec_of({"--size", "8MiB"}).cpu_affinity.pinned());
  EXPECT_EQ(spec_of({"--size", "8MiB", "--cpu-affinity", "round-robin"}).cpu_affinity.mode,
            CpuAffinity::Mode::round_robin);
  EXPECT_EQ(spec_of({"--size", "8MiB", "--cpu-affinity", "1,0"}).cpu_affinity.cpus,
            (std::vector<unsigned>{1, 0}));
  EXPECT_THAT(refusal({"--size", "8MiB", "--cpu-affinity", "rr"}),
              HasSubstr(R"(--cpu-affinity: expected "none", "round-robin" or a list)"));
}

TEST(WorkloadFlags, WithoutEitherTheBlockSizeIs4k) {
  const WorkloadSpec s = spec_of({"--size", "8MiB"});
  EXPECT_EQ(s.block_size, 4096u);
  EXPECT_TRUE(s.block_mix.empty());
  EXPECT_EQ(spec_of({"--bs", "8k", "--size", "8MiB"}).block_size, 8192u);
}

TEST(WorkloadFlags, BssplitMistakesNameTheFlagAndTheEntry) {
  EXPECT_THAT(refusal({"--bs", "4k", "--bssplit", "4k/60:64k/40", "--size", "8MiB"}),
              HasSubstr("--bs and --bssplit: give one"));
  EXPECT_THAT(refusal({"--bssplit", "4k/60:64k", "--size", "8MiB"}),
              HasSubstr(R"(--bssplit 4k/60:64k: "64k" is not SIZE/PCT)"));
  EXPECT_THAT(refusal({"--bssplit", "4q/60:64k/40", "--size", "8MiB"}),
              HasSubstr(R"(--bssplit 4q/60:64k/40: "4q/60": )"));
  EXPECT_THAT(refusal({"--bssplit", "4k/60:", "--size", "8MiB"}),
              HasSubstr(R"("" is not SIZE/PCT)"));
  EXPECT_THAT(refusal({"--bssplit", "4k/60:64k/40,8k/100", "--size", "8MiB"}),
              HasSubstr("separate read and write mixes"));
}

// The rules a threshold file completes a workload by, the same here (workload_rules.hpp): a
// size-based run's file holds what it transfers; a time-based one names its file's size; an
// integrity pass verifies.
TEST(WorkloadFlags, FileSizeAndVerifyFollowTheThresholdFilesRules) {
  EXPECT_EQ(spec_of({"--size", "8MiB"}).file_size, 8u << 20);
  EXPECT_EQ(spec_of({"--time", "2s", "--file-size", "4MiB"}).file_size, 4u << 20);
  EXPECT_THAT(refusal({"--time", "2s"}), HasSubstr("a time-based run needs --file-size"));
  EXPECT_FALSE(spec_of({"--size", "8MiB"}).verify);
  EXPECT_TRUE(spec_of({"--kind", "integrity", "--file-size", "4MiB"}).verify);
  EXPECT_THAT(refusal({"--kind", "integrity"}), HasSubstr("needs --file-size"));
}

}  // namespace
}  // namespace iogate::cli
