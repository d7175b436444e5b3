// Reading IOMeter configuration files: the settings as written, Windows line ends, and every
// malformed file refused at its line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "iometer/icf_file.hpp"

namespace iogate::iometer {
namespace {

using testing::HasSubstr;
using testing::StartsWith;

const std::filesystem::path kData = std::filesystem::path(IOGATE_TEST_DATA_DIR) / "iometer";

TEST(IcfFile, ReadsTheCommunityFileWithWindowsLineEnds) {
  const IcfFile f = read_icf_file(kData / "vmware-community.icf");
  EXPECT_EQ(f.version, "2006.07.27");
  ASSERT_TRUE(f.setup.run_time_s);
  EXPECT_EQ(f.setup.run_time_s->value, 120u);
  EXPECT_EQ(f.setup.run_time_s->where.line, 7);
  ASSERT_TRUE(f.setup.ramp_s);
  EXPECT_EQ(f.setup.ramp_s->value, 0u);
  ASSERT_TRUE(f.setup.test_type);
  EXPECT_EQ(f.setup.test_type->value, "NORMAL");
  ASSERT_TRUE(f.setup.queue_cycling);
  EXPECT_EQ(f.setup.queue_cycling->value.end, 32u);
  EXPECT_EQ(f.setup.queue_cycling->value.step_type, "EXPONENTIAL");
  ASSERT_TRUE(f.setup.description);
  EXPECT_EQ(f.setup.description->value, "VMware Communities unofficial storage performance test");

  ASSERT_EQ(f.specs.size(), 4u);
  const IcfAccessSpec& first = f.specs[0];
  EXPECT_EQ(first.name, "Max Throughput-100%Read");  // no '\r' left from the CRLF
  EXPECT_EQ(first.assignment, "ALL");
  ASSERT_EQ(first.lines.size(), 1u);
  EXPECT_EQ(first.lines[0].size, 32768u);
  EXPECT_EQ(first.lines[0].of_size, 100u);
  EXPECT_EQ(first.lines[0].reads, 100u);
  EXPECT_EQ(first.lines[0].random, 0u);
  EXPECT_EQ(first.lines[0].burst, 1u);
  EXPECT_EQ(f.specs[3].lines[0].random, 100u);
  ASSERT_NE(f.find_spec("Random-8k-70%Read"), nullptr);
  EXPECT_EQ(f.find_spec("random-8k-70%read"), nullptr);  // names are IOMeter's, case and all

  ASSERT_EQ(f.managers.size(), 1u);
  EXPECT_EQ(f.managers[0].name, "WINXP-LSI");
  ASSERT_EQ(f.managers[0].workers.size(), 1u);
  const IcfWorker& w = f.managers[0].workers[0];
  EXPECT_EQ(w.name, "Worker 1");
  EXPECT_EQ(w.type, "DISK");
  ASSERT_TRUE(w.outstanding_ios);
  EXPECT_EQ(w.outstanding_ios->value, 64u);
  ASSERT_TRUE(w.max_disk_sectors);
  EXPECT_EQ(w.max_disk_sectors->value, 8388608u);
  EXPECT_EQ(w.starting_sector->value, 0u);
  EXPECT_FALSE(w.fixed_seed);    // IOMeter 2006 files have no seed fields
  EXPECT_FALSE(w.data_pattern);  // nor a data pattern
  ASSERT_EQ(w.specs.size(), 4u);
  EXPECT_EQ(w.specs[1].value, "RealLife-60%Rand-65%Read");
  ASSERT_EQ(w.targets.size(), 1u);
  EXPECT_EQ(w.targets[0].type, "DISK");
}

TEST(IcfFile, ReadsIometer11Fields) {
  const IcfFile f = read_icf_file(kData / "icf" / "file-server-4-workers.icf");
  EXPECT_EQ(f.version, "1.1.0");
  ASSERT_EQ(f.specs.size(), 1u);
  EXPECT_EQ(f.specs[0].lines.size(), 8u);
  const IcfWorker& w = f.managers.at(0).workers.at(3);
  ASSERT_TRUE(w.fixed_seed);
  EXPECT_EQ(w.fixed_seed->value, 42u);
  ASSERT_TRUE(w.data_pattern);
  EXPECT_EQ(w.data_pattern->value, 2u);
}

// The error for `text`, or "" when it parses.
std::string error_of(const std::string& text, bool quotable = true) {
  try {
    parse_icf_text(text, "t.icf", quotable);
  } catch (const ThresholdError& e) {
    return e.what();
  }
  return "";
}

const std::string kMinimal =
    "Version 1.1.0\n"
    "'TEST SETUP ====\n'Run Time\n\t0 0 5\n'END test setup\n"
    "'ACCESS SPECIFICATIONS ====\n'Access specification name,default assignment\n\tS,NONE\n"
    "'size,% of size,% reads,% random,delay,burst,align,reply\n\t4096,100,100,100,0,1,0,0\n"
    "'END access specifications\n"
    "'MANAGER LIST ====\n'Manager ID, manager name\n\t1,H\n'Worker\n\tWorker 1\n"
    "'Target\n\tC:\n'END manager list\n";

TEST(IcfFile, AMinimalFileParses) { EXPECT_EQ(error_of(kMinimal), ""); }

TEST(IcfFile, RefusesWhatIsNotAnIcfFile) {
  EXPECT_THAT(error_of("[global]\nrw=read\n"), StartsWith("t.icf:1:1: expected \"Version ...\""));
  EXPECT_THAT(error_of(""), StartsWith("t.icf: expected \"Version ...\""));
  EXPECT_THAT(error_of(std::string("Version 1\n\0\n", 12)), HasSubstr("t.icf:2:1: a NUL byte"));
}

TEST(IcfFile, RefusesEachMalformedPieceAtItsLine) {
  const auto replaced = [](std::string from, std::string to) {
    std::string t = kMinimal;
    t.replace(t.find(from), from.size(), to);
    return t;
  };
  EXPECT_THAT(error_of(replaced("\t0 0 5", "\t0 5")),
              StartsWith("t.icf:4:1: 'Run Time: expected hours, minutes and seconds"));
  EXPECT_THAT(error_of(replaced("\t0 0 5", "\t0 0 -5")),
              StartsWith("t.icf:4:1: 'Run Time: expected a whole number, got \"-5\""));
  EXPECT_THAT(error_of(replaced("\t0 0 5", "\t0 0 -5"), false),
              HasSubstr("expected a whole number, got (not shown"));
  EXPECT_THAT(error_of(replaced("4096,100,100,100,0,1,0,0", "4096,100,100")),
              StartsWith("t.icf:10:1: 'size,% of size,% reads,% random,delay,burst,align,reply: "
                         "expected eight fields"));
  EXPECT_THAT(error_of(replaced("4096,100,100,100", "4096,100,101,100")),
              HasSubstr("t.icf:10:1: 'size,% of size,% reads,% random,delay,burst,align,reply: "
                        "% reads of 101 is more than 100"));
  EXPECT_THAT(error_of(replaced("'END test setup\n", "")),
              StartsWith("t.icf:2:1: 'TEST SETUP ====: no 'END test setup label closes"));
  EXPECT_THAT(error_of(replaced("'Run Time", "'Run Tme")),
              StartsWith("t.icf:3:1: 'Run Tme: not a label of IOMeter's 'TEST SETUP section"));
  EXPECT_THAT(error_of(replaced("'Worker\n", "")),
              StartsWith("t.icf:13:1: 'Manager ID, manager name: expected one value line under "
                         "the label, got 2"));
  EXPECT_THAT(error_of(replaced("'Worker\n", "Worker\n")),
              StartsWith("t.icf:15:1: expected a label ('...) or a tab-indented value"));
  EXPECT_THAT(error_of(replaced("Worker 1\n", "Worker 1\n'Worker type\n")),
              StartsWith("t.icf:17:1: 'Worker type: expected one value line"));
  EXPECT_THAT(error_of(replaced("'END manager list\n", "'END manager list\nVersion 1.1.0\nmore\n")),
              StartsWith("t.icf:21:1: text after the closing \"Version\" line"));
  EXPECT_THAT(error_of(replaced("'MANAGER LIST ====", "'TEST SETUP ====")),
              HasSubstr("t.icf:12:1: 'TEST SETUP ====: the section appears twice"));
  EXPECT_THAT(error_of(kMinimal.substr(0, kMinimal.find("'MANAGER LIST"))),
              StartsWith("t.icf: no 'MANAGER LIST section"));
}

TEST(IcfFile, TakesWindowsAndUnixLineEndsAlike) {
  std::string crlf;
  for (const char c : kMinimal) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const IcfFile a = parse_icf_text(kMinimal, "a.icf");
  const IcfFile b = parse_icf_text(crlf, "b.icf");
  ASSERT_EQ(b.specs.size(), 1u);
  EXPECT_EQ(b.specs[0].name, a.specs[0].name);
  EXPECT_EQ(b.managers.at(0).workers.at(0).targets.at(0).name, "C:");
}

TEST(IcfFile, BoundsItsInput) {
  EXPECT_THAT(error_of("Version 1\n'" + std::string(kMaxIcfLineBytes, 'x') + "\n"),
              StartsWith("t.icf:2:1: a line of 4097 bytes, expected at most 4096"));
  EXPECT_THAT(error_of(std::string(kMaxIcfBytes + 1, '\n')),
              HasSubstr("expected an IOMeter configuration file of at most"));
}

}  // namespace
}  // namespace iogate::iometer
