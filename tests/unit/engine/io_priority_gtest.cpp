// I/O priority classes: their text and Linux encoding, and the rules of a share at another class
// (the runs are io_priority_posix_gtest.cpp's: the classes are Linux's).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "iogate/engine/workload_rules.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/workload_problem.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

TEST(IoPriority, TextRoundTripsAndStrayTextIsRefused) {
  for (const char* text : {"rt:0", "rt:7", "be:4", "be:0", "idle"}) {
    const std::optional<IoPriority> p = parse_priority(text);
    ASSERT_TRUE(p) << text;
    EXPECT_EQ(priority_text(*p), text);
  }
  for (const char* text :
       {"", "rt", "rt:8", "be:04", "be:+4", "RT:0", "idle:1", "be:-1", "none", "rt:0 "})
    EXPECT_FALSE(parse_priority(text)) << text;
  EXPECT_EQ(priority_text({}), "");
}

TEST(IoPriority, LinuxEncodingPutsTheClassAboveBit13) {
  EXPECT_EQ(ioprio_value({}), 0);
  EXPECT_EQ(ioprio_value(*parse_priority("rt:0")), 1 << 13);
  EXPECT_EQ(ioprio_value(*parse_priority("be:4")), (2 << 13) | 4);
  EXPECT_EQ(ioprio_value(*parse_priority("idle")), 3 << 13);
}

WorkloadSpec share_spec() {
  WorkloadSpec s = test::fake_spec(4 << 20);
  s.read_pct = 50;
  s.random_pct = 100;
  s.engine = "io_uring";
  s.cmd_priority = *parse_priority("be:0");
  s.cmd_priority_pct = 20;
  return s;
}

TEST(IoPriority, AShareNeedsBothHalvesARealShareAndAnEngineThatCarriesIt) {
  WorkloadSpec s = share_spec();
  EXPECT_EQ(test::broken_field(s), std::nullopt);
  s.cmd_priority_pct = 0;
  EXPECT_EQ(test::broken_field(s), WorkloadField::cmd_priority_pct);
  s.cmd_priority_pct = 100.5;
  EXPECT_EQ(test::broken_field(s), WorkloadField::cmd_priority_pct);
  s = share_spec();
  s.cmd_priority = {};
  ASSERT_EQ(test::broken_field(s), WorkloadField::cmd_priority_pct);
  EXPECT_THAT(find_workload_problem(s)->expected, HasSubstr("give cmd_priority"));
  s = share_spec();
  s.engine = "psync";
  ASSERT_EQ(test::broken_field(s), WorkloadField::cmd_priority);
  EXPECT_THAT(find_workload_problem(s)->expected, HasSubstr("io_uring or libaio"));
  s = share_spec();
  s.priority = {IoPriorityClass::be, 8};  // a level only code can build
  EXPECT_EQ(test::broken_field(s), WorkloadField::priority);
  s.engine = "psync";  // one class for every I/O is the thread's: any engine
  s.priority = *parse_priority("idle");
  s.cmd_priority = {};
  s.cmd_priority_pct = 0;
  EXPECT_EQ(test::broken_field(s), std::nullopt);
}

}  // namespace
}  // namespace iogate
