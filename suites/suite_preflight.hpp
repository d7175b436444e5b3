// A suite executable's preflight (runner/preflight.hpp), as GoogleTest's global set-up:
// only then does GoogleTest know which tests this process runs (--gtest_filter, sharding; under
// ctest, one check), and a check this process does not run must not refuse those it does. A
// test's check is found by the test's name: every generated test, and a test written by hand that
// runs a [[check]] of the threshold files by name; a check a test builds in C++ exists only once
// the test runs, and meets the runner's own refusals as before.
//
// A refusal says every reason on stderr ("iogate: <reason>") and ends the process with exit 2
// before any test runs: nothing is laid out and no report is written (GoogleTest's --gtest_output
// neither), as when the suite's baseline is missing.
#pragma once

#include <gtest/gtest.h>

#include "iogate/fixtures/suite_context.hpp"

namespace iogate {

// A suite executable's exit for bad input (a missing baseline, a refusal): iogate check's 2.
inline constexpr int kSuiteExitBadInput = 2;

class SuitePreflight : public ::testing::Environment {
 public:
  explicit SuitePreflight(SuiteContext& context) : context_(context) {}
  void SetUp() override;

 private:
  SuiteContext& context_;
};

}  // namespace iogate
