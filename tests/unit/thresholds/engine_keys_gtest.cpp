// The workload keys of the engine's later features: workers, verify, kind, rate_iops, rate_mbps,
// write_through.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

const std::string kHead = "[suite]\nname = \"s\"\n[[check]]\nname = \"c\"\n";
const std::string kExpect = "[check.expect]\niops_min = 1\n";

WorkloadSpec workload(const std::string& keys) {
  const ThresholdFile f = parse_threshold_text(
      kHead + "[check.workload]\nblock_size = \"8k\"\n" + keys + kExpect, "e.toml");
  return f.checks.at(0).workload;
}

ThresholdError error(const std::string& keys) {
  try {
    (void)workload(keys);
  } catch (const ThresholdError& e) {
    return e;
  }
  ADD_FAILURE() << "accepted: " << keys;
  return ThresholdError({}, "", "");
}

TEST(EngineKeys, DefaultsAreOneWorkerUnverifiedMixedUncapped) {
  const WorkloadSpec w = workload("size = \"1MiB\"\n");
  EXPECT_EQ(w.workers, 1u);
  EXPECT_FALSE(w.verify);
  EXPECT_EQ(w.kind, WorkloadKind::mixed);
  EXPECT_EQ(w.rate_iops, 0.0);
  EXPECT_EQ(w.rate_mbps, 0.0);
}

TEST(EngineKeys, EachKeyIsRead) {
  const WorkloadSpec w =
      workload("size = \"1MiB\"\nworkers = 4\nverify = true\nrate_iops = 500\nrate_mbps = 12.5\n");
  EXPECT_EQ(w.workers, 4u);
  EXPECT_TRUE(w.verify);
  EXPECT_DOUBLE_EQ(w.rate_iops, 500.0);
  EXPECT_DOUBLE_EQ(w.rate_mbps, 12.5);
}

TEST(EngineKeys, WriteThroughIsOffUnlessAskedForHereOrInTheDefaults) {
  EXPECT_FALSE(workload("size = \"1MiB\"\n").write_through);
  EXPECT_TRUE(workload("size = \"1MiB\"\nwrite_through = true\n").write_through);
  const ThresholdFile f = parse_threshold_text(
      "[suite]\nname = \"s\"\n[defaults]\nwrite_through = true\n[[check]]\nname = \"c\"\n"
      "[check.workload]\nblock_size = \"8k\"\nsize = \"1MiB\"\n" +
          kExpect,
      "e.toml");
  EXPECT_TRUE(f.checks.at(0).workload.write_through);
}

TEST(EngineKeys, AnIntegrityCheckNeedsOnlyItsFileSize) {
  const WorkloadSpec w = workload("kind = \"integrity\"\nfile_size = \"64MiB\"\n");
  EXPECT_EQ(w.kind, WorkloadKind::integrity);
  EXPECT_EQ(w.file_size, 64u << 20);
  EXPECT_TRUE(w.verify);  // it verifies every block: recorded as verify false, it read as not
}

TEST(EngineKeys, BadValuesNameTheKeyAndWhatWasExpected) {
  const ThresholdError zero = error("size = \"1MiB\"\nworkers = 0\n");
  EXPECT_EQ(zero.key(), R"(check "c": workload.workers)");
  EXPECT_THAT(zero.problem(), HasSubstr("from 1 to 256, got 0"));
  EXPECT_EQ(zero.where().line, 8);

  EXPECT_THAT(error("size = \"16k\"\nworkers = 4\n").problem(),
              HasSubstr("each of 4 workers needs at least one block (8 KiB)"));
  EXPECT_THAT(error("size = \"1MiB\"\nverify = \"yes\"\n").key(), HasSubstr("workload.verify"));
  EXPECT_THAT(error("size = \"1MiB\"\nwrite_through = 1\n").key(),
              HasSubstr("workload.write_through"));
  EXPECT_THAT(error("size = \"1MiB\"\nkind = \"fsck\"\n").problem(),
              HasSubstr(R"(expected "mixed" or "integrity", got "fsck")"));
  EXPECT_THAT(error("size = \"1MiB\"\nrate_iops = -5\n").problem(),
              HasSubstr("expected a positive number"));
  EXPECT_THAT(error("size = \"1MiB\"\nrate_mbps = \"fast\"\n").key(),
              HasSubstr("workload.rate_mbps"));
}

}  // namespace
}  // namespace iogate
