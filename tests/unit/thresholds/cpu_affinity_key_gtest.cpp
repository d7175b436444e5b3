// The workload key `cpu_affinity` (iogate/engine/cpu_affinity.hpp): read from [check.workload] and
// lent by [defaults], a bad spelling refused at its line, and written back by the TOML writer the
// way the parser reads it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "engine/workload_toml.hpp"
#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

const std::string kHead = "[suite]\nname = \"s\"\n";
const std::string kCheck =
    "[[check]]\nname = \"c\"\n[check.workload]\nblock_size = \"8k\"\nsize = \"1MiB\"\n";
const std::string kExpect = "[check.expect]\niops_min = 1\n";

WorkloadSpec workload(const std::string& keys, const std::string& defaults = "") {
  return parse_threshold_text(kHead + defaults + kCheck + keys + kExpect, "affinity.toml")
      .checks.at(0)
      .workload;
}

TEST(CpuAffinityKey, ReadFromTheCheckOrLentByDefaults) {
  EXPECT_FALSE(workload("").cpu_affinity.pinned());
  EXPECT_EQ(workload("cpu_affinity = \"round-robin\"\n").cpu_affinity.mode,
            CpuAffinity::Mode::round_robin);
  const std::string defaults = "[defaults]\ncpu_affinity = \"0-1\"\n";
  EXPECT_EQ(workload("", defaults).cpu_affinity.cpus, (std::vector<unsigned>{0, 1}));
  EXPECT_FALSE(workload("cpu_affinity = \"none\"\n", defaults).cpu_affinity.pinned());
}

TEST(CpuAffinityKey, ABadSpellingIsRefusedAtItsLine) {
  try {
    (void)workload("cpu_affinity = \"all\"\n");
    ADD_FAILURE() << "accepted";
  } catch (const ThresholdError& e) {
    EXPECT_EQ(e.where().line, 8);
    EXPECT_EQ(e.key(), R"(check "c": workload.cpu_affinity)");
    EXPECT_THAT(e.problem(), HasSubstr(R"(expected "none", "round-robin" or a list)"));
  }
}

TEST(CpuAffinityKey, TheWriterSpellsItAsTheParserReadsIt) {
  WorkloadSpec spec = workload("cpu_affinity = \"3,0-1\"\n");
  std::string keys;
  for (const WorkloadKey& k : workload_toml_keys(spec))
    if (k.key == "cpu_affinity") keys = k.value;
  EXPECT_EQ(keys, "\"3,0-1\"");
  spec.cpu_affinity = {};
  for (const WorkloadKey& k : workload_toml_keys(spec)) EXPECT_NE(k.key, "cpu_affinity");
}

}  // namespace
}  // namespace iogate
