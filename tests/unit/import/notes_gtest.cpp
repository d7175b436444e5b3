// How an import names the place of a setting in its notes, and refuses one.
#include "import/notes.hpp"

#include <gtest/gtest.h>

namespace iogate::import_core {
namespace {

TEST(ImportNotes, APlaceIsFileAndLineAndTheColumnWhereAsked) {
  const SourceLocation where{"dir/run.cmd", 7, 12};
  EXPECT_EQ(place_text(where), "dir/run.cmd:7");
  EXPECT_EQ(place_text(where, true), "dir/run.cmd:7:12");
}

TEST(ImportNotes, ANoteNamesThePlaceTheSettingAndWhy) {
  EXPECT_EQ(note_text("jobs/a.fio:4", "thread", "iogate's workers are threads"),
            "jobs/a.fio:4: thread: iogate's workers are threads");
}

TEST(ImportNotes, ARefusalIsAThresholdErrorAtTheSetting) {
  try {
    refuse(SourceLocation{"a.icf", 9, 1}, "'Run Time", "0: a check needs a run time");
    FAIL() << "refuse returned";
  } catch (const ThresholdError& e) {
    EXPECT_EQ(e.where().line, 9);
    EXPECT_EQ(e.key(), "'Run Time");
    EXPECT_STREQ(e.what(), "a.icf:9:1: 'Run Time: 0: a check needs a run time");
  }
}

}  // namespace
}  // namespace iogate::import_core
