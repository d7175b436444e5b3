// The workload key `layout`: how the test file is laid out before the run (FileLayout,
// iogate/engine/workload.hpp), its values, its default and the rule that a workload that reads
// needs a written file.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

const std::string kHead = "[suite]\nname = \"s\"\n";
const std::string kCheck = "[[check]]\nname = \"c\"\n[check.workload]\nblock_size = \"8k\"\n";
const std::string kExpect = "[check.expect]\niops_min = 1\n";

WorkloadSpec workload(const std::string& keys, const std::string& defaults = "") {
  const ThresholdFile f =
      parse_threshold_text(kHead + defaults + kCheck + keys + kExpect, "layout.toml");
  return f.checks.at(0).workload;
}

ThresholdError error(const std::string& keys, const std::string& defaults = "") {
  try {
    (void)workload(keys, defaults);
  } catch (const ThresholdError& e) {
    return e;
  }
  ADD_FAILURE() << "accepted: " << keys;
  return ThresholdError({}, "", "");
}

TEST(LayoutKey, DefaultIsWrittenForReadingAndWritingWorkloads) {
  EXPECT_EQ(workload("size = \"1MiB\"\n").layout, FileLayout::written);
  EXPECT_EQ(workload("size = \"1MiB\"\nread = \"100%\"\n").layout, FileLayout::written);
  EXPECT_EQ(workload("kind = \"integrity\"\nfile_size = \"1MiB\"\n").layout, FileLayout::written);
}

TEST(LayoutKey, EachValueIsRead) {
  EXPECT_EQ(workload("size = \"1MiB\"\nlayout = \"written\"\n").layout, FileLayout::written);
  EXPECT_EQ(workload("size = \"1MiB\"\nlayout = \"preallocated\"\n").layout,
            FileLayout::preallocated);
  EXPECT_EQ(workload("size = \"1MiB\"\nlayout = \"grown\"\n").layout, FileLayout::grown);
}

TEST(LayoutKey, DefaultsLendItAndTheCheckOverridesIt) {
  const std::string defaults = "[defaults]\nlayout = \"grown\"\n";
  EXPECT_EQ(workload("size = \"1MiB\"\n", defaults).layout, FileLayout::grown);
  EXPECT_EQ(workload("size = \"1MiB\"\nlayout = \"preallocated\"\n", defaults).layout,
            FileLayout::preallocated);
}

TEST(LayoutKey, AnUnknownValueNamesFileLineKeyAndTheValuesExpected) {
  const ThresholdError e = error("size = \"1MiB\"\nlayout = \"sparse\"\n");
  EXPECT_EQ(e.where().file, "layout.toml");
  EXPECT_EQ(e.where().line, 8);
  EXPECT_EQ(e.where().column, 10);
  EXPECT_EQ(e.key(), R"(check "c": workload.layout)");
  EXPECT_EQ(e.problem(), R"(expected "written", "preallocated" or "grown", got "sparse")");
  EXPECT_THAT(error("size = \"1MiB\"\nlayout = 1\n").key(), HasSubstr("workload.layout"));
}

TEST(LayoutKey, AReadingWorkloadOnAFileNotWrittenIsRefusedAtTheKey) {
  const ThresholdError pre = error("size = \"1MiB\"\nread = \"65%\"\nlayout = \"preallocated\"\n");
  EXPECT_EQ(pre.key(), R"(check "c": workload.layout)");
  EXPECT_EQ(pre.where().line, 9);
  EXPECT_THAT(pre.problem(),
              HasSubstr(R"(expected "written" for a workload that reads (read 65%))"));
  EXPECT_THAT(pre.problem(), HasSubstr("read back as zeros"));

  const ThresholdError grown = error("size = \"1MiB\"\nread = \"1%\"\nlayout = \"grown\"\n");
  EXPECT_EQ(grown.key(), R"(check "c": workload.layout)");
  EXPECT_THAT(grown.problem(), HasSubstr("a grown file starts empty"));
}

TEST(LayoutKey, TheRefusalPointsAtDefaultsWhenTheLayoutCameFromThere) {
  const ThresholdError e =
      error("size = \"1MiB\"\nread = \"100%\"\n", "[defaults]\nlayout = \"grown\"\n");
  EXPECT_EQ(e.key(), R"(check "c": defaults.layout)");
  EXPECT_EQ(e.where().line, 4);
}

TEST(LayoutKey, AnIntegrityWorkloadWritesBeforeItReadsSoAnyLayoutWillDo) {
  for (const char* layout : {"grown", "preallocated"}) {
    const WorkloadSpec w = workload(std::string("kind = \"integrity\"\nfile_size = \"1MiB\"\n") +
                                    "layout = \"" + layout + "\"\n");
    EXPECT_EQ(w.kind, WorkloadKind::integrity);
    EXPECT_EQ(kFileLayouts.name(w.layout), std::string_view(layout));
  }
}

// layout_write_size: the writes that lay a written file out (IOMeter's 64 KiB for iobw.tst);
// without it, the workload's largest I/O, as fio lays out its file.
TEST(LayoutWriteSizeKey, IsReadLentByDefaultsAndElseTheLargestIo) {
  const WorkloadSpec named = workload("size = \"1MiB\"\nlayout_write_size = \"64k\"\n");
  EXPECT_EQ(named.layout_write_size, 65536u);
  EXPECT_EQ(layout_write_size_of(named), 65536u);
  const WorkloadSpec lent =
      workload("size = \"1MiB\"\n", "[defaults]\nlayout_write_size = \"1m\"\n");
  EXPECT_EQ(layout_write_size_of(lent), 1048576u);
  const WorkloadSpec fio_way = workload("size = \"1MiB\"\n");
  EXPECT_EQ(fio_way.layout_write_size, 0u);
  EXPECT_EQ(layout_write_size_of(fio_way), 8192u);
}

TEST(LayoutWriteSizeKey, AnUnalignedOrHugeSizeOrAFileNotLaidOutByWritingIsRefusedAtTheKey) {
  const ThresholdError odd = error("size = \"1MiB\"\nlayout_write_size = \"6k\"\n");
  EXPECT_EQ(odd.key(), R"(check "c": workload.layout_write_size)");
  EXPECT_EQ(odd.where().line, 8);
  EXPECT_EQ(odd.problem(),
            "expected a multiple of 4 KiB from 4 KiB to 16 MiB, got 6 KiB (6144 bytes)");
  EXPECT_THAT(error("size = \"1MiB\"\nlayout_write_size = \"32m\"\n").problem(),
              HasSubstr("from 4 KiB to 16 MiB"));
  EXPECT_THAT(error("size = \"1MiB\"\nlayout_write_size = 0\n").problem(),
              HasSubstr("greater than 0"));
  const ThresholdError grown =
      error("size = \"1MiB\"\nlayout = \"grown\"\nlayout_write_size = \"64k\"\n");
  EXPECT_EQ(grown.key(), R"(check "c": workload.layout_write_size)");
  EXPECT_EQ(grown.problem(),
            R"(applies to layout = "written" only (a grown file is not laid out by writing))");
}

}  // namespace
}  // namespace iogate
