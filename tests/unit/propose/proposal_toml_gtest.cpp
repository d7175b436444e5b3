// The proposed threshold file: it lints, each check runs exactly the recorded workload and holds
// exactly the bounds proposed, and its comments say what was measured, when and on which stack.
#include "propose/proposal_toml.hpp"

#include <gtest/gtest.h>

#include "iogate/baseline/baseline.hpp"
#include "results/run_json.hpp"

namespace iogate {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

RecordedCheck recorded(const std::string& name, const WorkloadSpec& w) {
  RecordedCheck c;
  c.name = name;
  c.workload = w;
  c.measured_at = "2026-12-01T22:47:14.123Z";
  c.samples["iops"] = {2841.07, 2790.1, 2890.55, 2850, 2830};
  c.samples["mbps"] = {11.1, 10.9, 11.29, 11.13, 11.05};
  c.samples["duration_s"] = {12.4, 12.6, 12.5};
  c.samples["latency_p99_ms"] = {0.85, 0.9, 0.8};
  return c;
}

Recording recording() {
  Recording r;
  r.source = "/tmp/known-good.json";
  r.kind = "baseline";
  r.host = "vm07";
  r.recorded_at = "2026-12-01T22:47:14Z";
  r.datastore = "/mnt/array";
  r.iogate_version = "0.1.0";
  r.stack.filesystem = "xfs";
  r.stack.device = "sdb";
  r.stack.model = "Virtual disk";
  r.stack.firmware = "1.0";
  r.stack.scheduler = "mq-deadline";
  r.stack.host_driver = "vmw_pvscsi";
  r.stack.kernel = "6.1.0-13-amd64";
  r.stack.mount_options = "rw,noatime";
  return r;
}

// Workloads that exercise every key and the values that do not round: a fractional share, odd
// sizes, sub-second times, rates.
std::vector<WorkloadSpec> workloads() {
  std::vector<WorkloadSpec> out;
  WorkloadSpec timed;
  timed.block_size = 4096;
  timed.read_pct = 100.0 / 3;
  timed.random_pct = 12.5;
  timed.queue_depth = 16;
  timed.file_size = 3 * (1ULL << 20) + 4096;
  timed.duration = milliseconds(1500);
  timed.ramp = milliseconds(250);
  timed.engine = "auto";
  timed.workers = 3;
  out.push_back(timed);
  WorkloadSpec sized;
  sized.block_size = 8192;
  sized.file_size = 1ULL << 30;
  sized.io_size = 1ULL << 30;
  sized.flush = FlushPolicy::end;
  sized.layout = FileLayout::grown;
  sized.engine = "psync";
  out.push_back(sized);
  WorkloadSpec paced = timed;
  paced.rate_iops = 123.456;
  paced.rate_mbps = 7.5;
  paced.direct = false;
  paced.flush = FlushPolicy::none;
  paced.verify = true;
  paced.engine = "io_uring";
  out.push_back(paced);
  WorkloadSpec integrity;
  integrity.block_size = 65536;
  integrity.file_size = 64ULL << 20;
  integrity.kind = WorkloadKind::integrity;
  integrity.verify = true;
  integrity.layout = FileLayout::preallocated;
  integrity.engine = "libaio";
  out.push_back(integrity);
  return out;
}

TEST(ProposalToml, ReproducesEveryWorkloadAndBound) {
  Recording r = recording();
  int i = 0;
  for (const WorkloadSpec& w : workloads())
    r.checks.push_back(recorded("c" + std::to_string(i++), w));
  const Proposal p = propose(r, {});
  ASSERT_EQ(p.checks.size(), r.checks.size());
  const std::string text = proposal_toml(p, "proposed.toml");
  const ThresholdFile f = parse_threshold_text(text, "proposed.toml");
  ASSERT_EQ(f.checks.size(), r.checks.size());
  for (std::size_t c = 0; c < f.checks.size(); ++c) {
    EXPECT_EQ(f.checks[c].name, r.checks[c].name);
    EXPECT_EQ(compared_workload(f.checks[c].workload), compared_workload(r.checks[c].workload))
        << f.checks[c].name;
    ASSERT_EQ(f.checks[c].expectations.size(), p.checks[c].bounds.size());
    for (std::size_t b = 0; b < p.checks[c].bounds.size(); ++b) {
      const Expectation& e = f.checks[c].expectations[b];
      EXPECT_EQ(e.key, p.checks[c].bounds[b].choice.key);
      EXPECT_DOUBLE_EQ(std::get<AbsoluteBound>(e.bound).value, p.checks[c].bounds[b].how.value);
    }
  }
  EXPECT_EQ(f.suite, "known_good");
}

TEST(ProposalToml, BoundsReadAsAPersonWritesThem) {
  Recording r = recording();
  r.checks.push_back(recorded("rand_read_4k", workloads()[0]));
  r.checks.push_back(recorded("seq_write_8k", workloads()[1]));
  r.checks.push_back(recorded("paced_read", workloads()[2]));
  const std::string text = proposal_toml(propose(r, {}), "p.toml");
  // iops median 2841.07 x 0.8 = 2272.856; median - 3 sigma is higher: the margin decides.
  EXPECT_NE(text.find("\niops_min = 2270   # median x 0.8 = 2272.86"), std::string::npos) << text;
  EXPECT_NE(text.find("\nmbps_min = 8.88   # median x 0.8 = 8.88 (median - 3 sigma"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\nduration_max = \"15.7s\"   # median / 0.8 = 15.625"), std::string::npos)
      << text;
  // p99 0.85 ms / 0.8 = 1.0625 ms, median + 3 sigma = 1.07239 ms: the spread decides.
  EXPECT_NE(text.find("\nlatency_p99_max = \"1.08ms\"   # median + 3 sigma = 1.07239 (wider"),
            std::string::npos)
      << text;
}

TEST(ProposalToml, CommentsSayWhatWhenAndOnWhichStack) {
  Recording r = recording();
  r.checks.push_back(recorded("rand_read_4k", workloads()[0]));
  const std::string text = proposal_toml(propose(r, {0.25, "", "nightly"}), "p.toml");
  for (const char* want :
       {"# Proposed by `iogate propose` from /tmp/known-good.json (iogate baseline)",
        "# recorded 2026-12-01T22:47:14Z on host vm07, datastore /mnt/array, iogate 0.1.0.",
        "mount_options rw,noatime", "# Margin 25%: rates may fall to 75% of the recorded median",
        "# rand_read_4k: timed (duration)",
        "# Measured 2026-12-01T22:47:14.123Z on host vm07, datastore /mnt/array, 5 runs:",
        "#   iops median 2841.07, runs 2790.1-2890.55, robust sigma", "# Stack: filesystem xfs,",
        "model Virtual disk", "scheduler mq-deadline", "kernel 6.1.0-13-amd64",
        "# require_filesystem = \"xfs\"", "profile = \"nightly\""})
    EXPECT_NE(text.find(want), std::string::npos) << want << "\n" << text;
  // The per-check stack line leaves the mount's options to the header.
  const std::size_t check = text.find("# rand_read_4k:");
  EXPECT_EQ(text.find("mount_options", check), std::string::npos);
}

TEST(ProposalToml, StrangeTextStaysInsideItsStringOrComment) {
  Recording r = recording();
  r.stack.model = "Evil\n[[check]]\nname = \"x\"";
  r.checks.push_back(recorded("c", workloads()[0]));
  r.checks.back().description = "quote \" backslash \\ newline\n tab\t end";
  const std::string text = proposal_toml(propose(r, {}), "p.toml");
  const ThresholdFile f = parse_threshold_text(text, "p.toml");
  ASSERT_EQ(f.checks.size(), 1u);
  EXPECT_EQ(f.checks[0].description, r.checks[0].description);
}

TEST(ProposalToml, LeftOutChecksAreNamedInTheHeader) {
  Recording r = recording();
  r.checks.push_back(recorded("good", workloads()[0]));
  r.checks.push_back(recorded("bad", workloads()[0]));
  r.checks.back().unusable = "a run was cut short";
  const std::string text = proposal_toml(propose(r, {}), "p.toml");
  EXPECT_NE(text.find("# Left out: bad: a run was cut short\n"), std::string::npos) << text;
  EXPECT_EQ(parse_threshold_text(text, "p.toml").checks.size(), 1u);
}

TEST(ProposalToml, SpellsABlockSizeMix) {
  Recording r = recording();
  WorkloadSpec mixed = workloads()[0];
  mixed.block_mix = {{4096, 60}, {65536, 40}};
  mixed.block_size = 4096;
  r.checks.push_back(recorded("mix", mixed));
  const std::string text = proposal_toml(propose(r, {}), "p.toml");  // read back inside
  EXPECT_NE(
      text.find("block_mix = [ { size = \"4KiB\", pct = 60 }, { size = \"64KiB\", pct = 40 } ]"),
      std::string::npos)
      << text;
}

TEST(ProposalToml, SpellsTheLayoutWriteSize) {
  Recording r = recording();
  WorkloadSpec iometer = workloads()[0];
  iometer.layout_write_size = 65536;
  r.checks.push_back(recorded("iometer", iometer));
  const std::string text = proposal_toml(propose(r, {}), "p.toml");  // read back inside
  EXPECT_NE(text.find("layout_write_size = \"64KiB\""), std::string::npos) << text;
}

TEST(ProposalToml, RefusesAWorkloadItCannotSpell) {
  // An engine the threshold format does not know: the proposal does not lint, and says so.
  Recording other = recording();
  WorkloadSpec odd = workloads()[0];
  odd.engine = "spdk";
  other.checks.push_back(recorded("odd", odd));
  try {
    proposal_toml(propose(other, {}), "p.toml");
    FAIL() << "an unknown engine was written";
  } catch (const ProposalError& e) {
    EXPECT_NE(std::string(e.what()).find("does not lint"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("engine"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace iogate
