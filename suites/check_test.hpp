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

  // How every check of this process is judged (the baseline, a repeat override): set once by main
  // before the tests run; the options must outlive them.
  static void set_judge_options(const JudgeOptions* options) { judge_options_ = options; }

 private:
  void record_figures(const RunResult& result);

  std::string suite_;
  std::filesystem::path report_dir_;
  static inline const JudgeOptions* judge_options_ = nullptr;
};

}  // namespace iogate
