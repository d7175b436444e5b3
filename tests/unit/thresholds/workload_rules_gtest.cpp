// The workload rules have one home (iogate/engine/workload_rules.hpp): a threshold file that
// breaks one is refused at the key's line, and the same workload built in C++ is refused by the
// engine with the same words. The limits are checked from both sides, so they cannot drift apart.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "iogate/engine/engine.hpp"
#include "iogate/engine/workload_rules.hpp"
#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {
namespace {

// The threshold file's refusal of a [check.workload] with `keys` (lines from 6), or an empty
// error if it parsed.
ThresholdError file_error(const std::string& keys) {
  try {
    (void)parse_threshold_text(
        "[suite]\nname = \"s\"\n[[check]]\nname = \"c\"\n[check.workload]\n" + keys +
            "[check.expect]\niops_min = 1\n",
        "w.toml");
  } catch (const ThresholdError& e) {
    return e;
  }
  return ThresholdError({}, "", "");
}

// The engine's refusal of `spec`, or nothing.
std::optional<WorkloadProblem> engine_problem(const WorkloadSpec& spec) {
  try {
    validate_workload(spec);
  } catch (const InvalidWorkload& e) {
    return e.problem();
  }
  return std::nullopt;
}

WorkloadSpec spec_8k() {
  WorkloadSpec spec;
  spec.block_size = 8192;
  spec.io_size = 8 << 20;
  spec.file_size = 8 << 20;
  return spec;
}

TEST(WorkloadRules, AFileBreakingACrossFieldRuleIsRefusedAtTheKeyAsTheEngineRefusesIt) {
  // file_size not a sector multiple under O_DIRECT: before the rules had one home, only the
  // engine knew it, and a threshold file that broke it failed at run time instead of at parse.
  const ThresholdError e =
      file_error("block_size = \"8k\"\nsize = \"8MiB\"\nfile_size = 8389000\n");
  EXPECT_EQ(e.where().file, "w.toml");
  EXPECT_EQ(e.where().line, 8);
  EXPECT_EQ(e.key(), R"(check "c": workload.file_size)");
  EXPECT_THAT(e.problem(), ::testing::HasSubstr("multiple of 512 bytes with direct I/O"));

  WorkloadSpec spec = spec_8k();
  spec.file_size = 8389000;
  const auto problem = engine_problem(spec);
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->field, WorkloadField::file_size);
  EXPECT_EQ(problem->expected, e.problem());
}

TEST(WorkloadRules, WorkersWithoutABlockEachAreRefusedByBothInTheSameWords) {
  const ThresholdError e = file_error("block_size = \"8k\"\nsize = \"16k\"\nworkers = 4\n");
  EXPECT_EQ(e.where().line, 8);
  EXPECT_EQ(e.key(), R"(check "c": workload.workers)");

  WorkloadSpec spec = spec_8k();
  spec.io_size = 16 << 10;
  spec.file_size = 16 << 10;  // what a size-based file without file_size gets
  spec.workers = 4;
  const auto problem = engine_problem(spec);
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->field, WorkloadField::workers);
  EXPECT_EQ(problem->expected, e.problem());
}

TEST(WorkloadRules, AReadingWorkloadOnAFileNotWrittenIsRefusedByBothInTheSameWords) {
  const ThresholdError e =
      file_error("block_size = \"8k\"\nsize = \"8MiB\"\nread = \"50%\"\nlayout = \"grown\"\n");
  EXPECT_EQ(e.where().line, 9);
  EXPECT_EQ(e.key(), R"(check "c": workload.layout)");

  WorkloadSpec spec = spec_8k();
  spec.read_pct = 50;
  spec.layout = FileLayout::grown;
  const auto problem = engine_problem(spec);
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->field, WorkloadField::layout);
  EXPECT_EQ(workload_key(problem->field), "layout");
  EXPECT_EQ(problem->expected, e.problem());

  spec.layout = FileLayout::preallocated;
  ASSERT_TRUE(engine_problem(spec));
  spec.layout = FileLayout::written;
  EXPECT_FALSE(engine_problem(spec));
  // Writes only, or an integrity run (it writes every block before reading it): any layout.
  for (const FileLayout layout : {FileLayout::preallocated, FileLayout::grown}) {
    spec.layout = layout;
    spec.read_pct = 0;
    EXPECT_FALSE(engine_problem(spec)) << kFileLayouts.name(layout);
    spec.kind = WorkloadKind::integrity;
    EXPECT_FALSE(engine_problem(spec)) << kFileLayouts.name(layout);
    spec.kind = WorkloadKind::mixed;
  }
}

// Each limit, at its edge and one step past it, from both sides: what one accepts the other
// accepts, and what one refuses the other refuses with the same words.
struct Limit {
  const char* key;   // in a threshold file
  std::string at;    // the largest accepted value, as written in the file
  std::string past;  // one step past it
  void (*set)(WorkloadSpec&, bool past);
};

TEST(WorkloadRules, TheLimitsAreTheSameForAFileAndForTheEngine) {
  const Limit limits[] = {
      {"block_size", std::to_string(kMaxBlockSize), std::to_string(kMaxBlockSize + kSectorSize),
       [](WorkloadSpec& s, bool past) {
         s.block_size = kMaxBlockSize + (past ? kSectorSize : 0);
         s.io_size = s.file_size = s.block_size;
       }},
      {"queue_depth", std::to_string(kMaxQueueDepth), std::to_string(kMaxQueueDepth + 1),
       [](WorkloadSpec& s, bool past) {
         s.queue_depth = static_cast<unsigned>(kMaxQueueDepth + (past ? 1 : 0));
       }},
      {"workers", std::to_string(kMaxWorkers), std::to_string(kMaxWorkers + 1),
       [](WorkloadSpec& s, bool past) {
         s.workers = static_cast<unsigned>(kMaxWorkers + (past ? 1 : 0));
       }},
  };
  for (const Limit& limit : limits) {
    SCOPED_TRACE(limit.key);
    // Large enough for kMaxWorkers blocks of 8 KiB, and for one of the largest block.
    const std::string sizes = limit.key == std::string("block_size")
                                  ? std::string("size = ") + limit.at + "\n"
                                  : std::string("block_size = \"8k\"\nsize = \"8MiB\"\n");
    WorkloadSpec spec = spec_8k();
    limit.set(spec, false);
    EXPECT_FALSE(engine_problem(spec));
    EXPECT_TRUE(file_error(sizes + limit.key + " = " + limit.at + "\n").key().empty());

    limit.set(spec, true);
    const auto problem = engine_problem(spec);
    ASSERT_TRUE(problem);
    EXPECT_EQ(workload_key(problem->field), limit.key);
    const ThresholdError e = file_error(sizes + limit.key + " = " + limit.past + "\n");
    EXPECT_EQ(e.key(), std::string(R"(check "c": workload.)") + limit.key);
    EXPECT_EQ(e.problem(), problem->expected);
  }
}

TEST(WorkloadRules, TheEngineSaysTheFieldAndWhatWasExpected) {
  WorkloadSpec spec = spec_8k();
  spec.block_size = std::uint64_t{1} << 30;
  spec.io_size = spec.file_size = spec.block_size;
  try {
    validate_workload(spec);
    ADD_FAILURE() << "a 1 GiB block was accepted";
  } catch (const InvalidWorkload& e) {
    EXPECT_STREQ(e.what(),
                 "workload block_size: expected a block size of at most 64 MiB, got 1 GiB");
  }
}

}  // namespace
}  // namespace iogate
