// The GoogleTest test a suite registers for each [[check]] of its threshold files that no test
// written by hand claims (a CheckFixture test of the same name runs that check itself).
#pragma once

#include "iogate/fixtures/check_fixture.hpp"

namespace iogate {

class GeneratedCheck : public CheckFixture {
 public:
  GeneratedCheck(const Check& check, const ThresholdFile& file) : check_(check), file_(file) {}
  void TestBody() override { run(check_, &file_); }

 private:
  const Check& check_;
  const ThresholdFile& file_;
};

}  // namespace iogate
