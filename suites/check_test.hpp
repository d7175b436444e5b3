// The GoogleTest test a suite registers for each [[check]] of its threshold files.
#pragma once

#include <filesystem>
#include <string>

#include "iogate/fixtures/datastore_fixture.hpp"

namespace iogate {

class CheckTest : public DatastoreFixture {
 public:
  CheckTest(std::string suite, const Check& check, std::filesystem::path datastore,
            std::filesystem::path report_dir);
  void TestBody() override;

 private:
  void record_figures(const RunResult& result);

  std::string suite_;
  std::filesystem::path report_dir_;
};

}  // namespace iogate
