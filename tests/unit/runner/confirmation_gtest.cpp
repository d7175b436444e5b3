// Confirmation across time as the runner plays it (verdicts/confirmation.hpp): a fake
// datastore that is slow until the pause and fast after it (a neighbour's burst), or slow
// throughout (a regression), under a floor between the two speeds. The pause is the test's: it
// switches the datastore and records what it was asked to wait, instead of sleeping.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <thread>

#include "common/interrupt.hpp"
#include "iogate/results/figures.hpp"
#include "iogate_test/fake_backend.hpp"
#include "iogate_test/temp_dir.hpp"
#include "results/result_json.hpp"
#include "results/result_reader.hpp"
#include "runner/check_session.hpp"
#include "runner/outcome_records.hpp"

namespace iogate {
namespace {

using namespace std::chrono_literals;

// 150 ms runs of 4 KiB writes; iops_min 5000: a slow I/O takes 1 ms (under 1000 IOPS), a fast one
// no time at all (far above).
Check floor_check() {
  Check c;
  c.name = "rand_write_4k";
  c.repeat = 3;
  c.workload = test::fake_spec(0);
  c.workload.duration = 150ms;
  c.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, AbsoluteBound{5000}}};
  return c;
}

class Confirmation : public ::testing::Test {
 protected:
  CheckOutcome judge(const Check& check, bool slow_after_pause) {
    const auto file = dir_.make_file("t.dat", check.workload.file_size);
    JudgeOptions options;
    options.make_backend = [this]() -> std::unique_ptr<IoBackend> {
      auto b = std::make_unique<test::FakeBackend>(stats_);
      b->script = [this](const IoRequest& r, std::uint64_t) {
        if (slow_) std::this_thread::sleep_for(1ms);
        return static_cast<std::int64_t>(r.length);
      };
      return b;
    };
    options.pause = [this, slow_after_pause](const Pause& p) {
      pauses_.push_back(p.length);
      whys_.push_back(p.why);
      slow_ = slow_after_pause;
    };
    return run_until_decided(check, file, {}, options);
  }

  test::TempDir dir_;
  test::FakeStats stats_;
  bool slow_ = true;
  std::vector<Nanoseconds> pauses_;
  std::vector<std::string> whys_;
};

TEST_F(Confirmation, AShortfallThatGoesAwayPassesAndSaysWhatTheFirstSampleSaw) {
  const Check check = floor_check();
  const CheckOutcome outcome = judge(check, false);
  EXPECT_EQ(pauses_, std::vector<Nanoseconds>{30s});  // the default: the first took less
  EXPECT_EQ(whys_, std::vector<std::string>{"a shortfall in the first sample; a second one after "
                                            "a 30.00s pause confirms it or not"});
  const CheckRecord record = make_check_record("unit", check, outcome);
  EXPECT_EQ(record.status, CheckStatus::pass) << ::testing::PrintToString(record.messages);
  EXPECT_TRUE(record.messages.empty());  // a pass: nothing for a CI log to fail on
  ASSERT_TRUE(record.confirmation);
  const ConfirmationRecord& c = *record.confirmation;
  EXPECT_EQ(c.outcome, "transient");
  ASSERT_EQ(c.first.size(), 1u);
  EXPECT_NE(c.first[0].find("broken"), std::string::npos) << c.first[0];
  ASSERT_EQ(c.second.size(), 1u);
  EXPECT_NE(c.second[0].find("holds"), std::string::npos) << c.second[0];
  EXPECT_EQ(c.pause_s, 30);
  EXPECT_LT(c.first_at, c.second_at);  // ISO 8601 UTC: ordered as text
  // The figures are the second sample's; the runs of both are kept, the first sample's first.
  EXPECT_EQ(record.runs, 3);
  EXPECT_EQ(record.repeats.size(), static_cast<std::size_t>(c.first_runs + 3));
  EXPECT_GT(record.result.iops(), 5000);
  for (int i = 0; i < c.first_runs; ++i) EXPECT_LT(record.repeats[i].iops(), 5000);
  EXPECT_EQ(figure_runs(record, "iops").size(), 3u);  // what history and fleet weigh
  EXPECT_NE(confirmation_lines(record).at(0).find("transient: first sample at "),
            std::string::npos);
  // Written and read back whole.
  const CheckRecord back = check_from_json(check_entry_to_json(record));
  ASSERT_TRUE(back.confirmation);
  EXPECT_EQ(back.confirmation->line(), c.line());
  EXPECT_EQ(back.confirmation->first_runs, c.first_runs);
}

TEST_F(Confirmation, AShortfallThatLastsFailsOnBothSamples) {
  const Check check = floor_check();
  const CheckRecord record = make_check_record("unit", check, judge(check, true));
  EXPECT_EQ(record.status, CheckStatus::fail);
  ASSERT_FALSE(record.messages.empty());
  ASSERT_TRUE(record.confirmation);
  EXPECT_EQ(record.confirmation->outcome, "persisted");
  EXPECT_NE(record.confirmation->second.at(0).find("broken"), std::string::npos);
  EXPECT_EQ(pauses_.size(), 1u);
}

TEST_F(Confirmation, ConfirmFalseTakesTheFirstSamplesAnswer) {
  Check check = floor_check();
  check.confirm = false;
  const CheckRecord record = make_check_record("unit", check, judge(check, false));
  EXPECT_EQ(record.status, CheckStatus::fail);
  EXPECT_FALSE(record.confirmation);
  EXPECT_TRUE(pauses_.empty());
}

TEST_F(Confirmation, APassNeedsNoSecondSample) {
  Check check = floor_check();
  slow_ = false;
  const CheckRecord record = make_check_record("unit", check, judge(check, false));
  EXPECT_EQ(record.status, CheckStatus::pass);
  EXPECT_FALSE(record.confirmation);
  EXPECT_TRUE(pauses_.empty());
  EXPECT_EQ(record.repeats.size(), 3u);
}

TEST_F(Confirmation, TheCheckSaysHowLongToPause) {
  Check check = floor_check();
  check.confirm_pause = std::chrono::seconds(75);
  judge(check, false);
  EXPECT_EQ(pauses_, std::vector<Nanoseconds>{75s});
}

// The pause is a wait a Ctrl-C ends at once: the check becomes an error saying so.
TEST(PauseUnlessStopped, AStopRequestEndsIt) {
  request_stop(SIGINT);
  try {
    pause_unless_stopped({30s, "", "pausing before the sample that confirms a shortfall"});
    ADD_FAILURE() << "no Interrupted";
  } catch (const Interrupted& e) {
    EXPECT_EQ(e.signal(), SIGINT);
    EXPECT_NE(std::string(e.what()).find("while pausing before the sample that confirms a "
                                         "shortfall"),
              std::string::npos)
        << e.what();
  }
  clear_stop_request();
  pause_unless_stopped({10ms, "", "waiting"});  // without one, it just waits
}

}  // namespace
}  // namespace iogate
