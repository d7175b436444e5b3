// The GoogleTest test a suite registers for each [[check]] of its threshold files that no test
// written by hand claims (a CheckFixture test of the same name runs that check itself).
#pragma once

#include "iogate/fixtures/check_fixture.hpp"

namespace iogate {

class GeneratedCheck : public CheckFixture {
 public:
  GeneratedCheck(const Check& check, bool require_mount)
      : check_(check), require_mount_(require_mount) {}
  void TestBody() override { run(check_, require_mount_); }

 private:
  const Check& check_;
  bool require_mount_;
};

}  // namespace iogate
