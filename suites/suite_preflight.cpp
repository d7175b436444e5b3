#include "suite_preflight.hpp"

#include <cstdlib>
#include <iostream>
#include <vector>

#include "runner/preflight.hpp"

namespace iogate {
namespace {

// The checks of the tests GoogleTest will run in this process, in its order.
std::vector<Check> checks_to_run(const SuiteContext& context) {
  std::vector<Check> checks;
  const ::testing::UnitTest& unit = *::testing::UnitTest::GetInstance();
  for (int i = 0; i < unit.total_test_suite_count(); ++i) {
    const ::testing::TestSuite& suite = *unit.GetTestSuite(i);
    for (int j = 0; j < suite.total_test_count(); ++j) {
      const ::testing::TestInfo& test = *suite.GetTestInfo(j);
      if (!test.should_run()) continue;
      if (const SuiteContext::Found found = context.find(test.name()); found.check != nullptr)
        checks.push_back(*found.check);
    }
  }
  return checks;
}

}  // namespace

void SuitePreflight::SetUp() {
  try {
    context_.runner().preflight(checks_to_run(context_));
  } catch (const PreflightRefusal& e) {
    for (const std::string& reason : e.reasons()) std::cerr << "iogate: " << reason << '\n';
    std::cout << std::flush;
    std::cerr << std::flush;
    std::exit(kSuiteExitBadInput);
  }
}

}  // namespace iogate
