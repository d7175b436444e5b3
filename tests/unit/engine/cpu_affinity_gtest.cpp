// cpu_affinity's spelling and which CPU each worker is given: "none", "round-robin" (DiskSpd's
// default) and a list, folded back into runs when written; a listed CPU the process may not use
// refused, naming it.
#include "iogate/engine/cpu_affinity.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>

namespace iogate {
namespace {

using ::testing::HasSubstr;

CpuAffinity parsed(std::string_view text) {
  ParsedAffinity p = parse_cpu_affinity(text);
  EXPECT_TRUE(p.affinity) << text << ": " << p.problem;
  return p.affinity.value_or(CpuAffinity{});
}

std::string problem(std::string_view text) {
  const ParsedAffinity p = parse_cpu_affinity(text);
  EXPECT_FALSE(p.affinity) << text;
  return p.problem;
}

TEST(CpuAffinity, NamesAndListsReadAndWriteBack) {
  EXPECT_FALSE(parsed("none").pinned());
  EXPECT_EQ(parsed("round-robin").mode, CpuAffinity::Mode::round_robin);
  const CpuAffinity list = parsed("0,2,4-7");
  EXPECT_EQ(list.cpus, (std::vector<unsigned>{0, 2, 4, 5, 6, 7}));
  for (const char* text : {"none", "round-robin", "0,2,4-7", "3", "5-6,1"})
    EXPECT_EQ(cpu_affinity_text(parsed(text)), text);
  // Runs are folded however they were written; the order given is kept.
  EXPECT_EQ(cpu_affinity_text(parsed("0,1,2,5")), "0-2,5");
}

TEST(CpuAffinity, AMalformedListSaysWhatWasExpected) {
  for (const char* text : {"", "round_robin", "a", "1,", ",1", "1--2", "-1", "8192", "1 ,2"})
    EXPECT_THAT(problem(text), HasSubstr(R"(expected "none", "round-robin" or a list)")) << text;
  EXPECT_THAT(problem("3-1"), HasSubstr("a range's first CPU above its last"));
  EXPECT_THAT(problem("1,0-2"), HasSubstr("CPU 1 named twice"));
}

TEST(CpuAffinity, WorkersGoRoundTheirCpus) {
  const std::vector<unsigned> usable{0, 1, 3};
  EXPECT_FALSE(worker_cpu(CpuAffinity{}, 0, usable));
  const CpuAffinity rr = parsed("round-robin");
  EXPECT_EQ(worker_cpu(rr, 0, usable), 0u);
  EXPECT_EQ(worker_cpu(rr, 2, usable), 3u);
  EXPECT_EQ(worker_cpu(rr, 3, usable), 0u);
  const CpuAffinity list = parsed("3,1");
  EXPECT_EQ(worker_cpu(list, 0, usable), 3u);
  EXPECT_EQ(worker_cpu(list, 1, usable), 1u);
  EXPECT_EQ(worker_cpu(list, 2, usable), 3u);
}

TEST(CpuAffinity, AListedCpuTheProcessMayNotUseIsRefusedByNumber) {
  try {
    (void)worker_cpu(parsed("1,2"), 0, {0, 1});
    ADD_FAILURE() << "CPU 2 was given to a worker";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(),
                HasSubstr("cpu_affinity 1-2: CPU 2 is not one this process may run on (it may "
                          "use 0-1)"));
  }
}

}  // namespace
}  // namespace iogate
