// A deterministic run for the writers' golden tests: fixed context (host, time, stack), one check
// per status, and a check name and messages full of characters every format must escape.
#pragma once

#include <cmath>

#include "iogate/reports/report_writer.hpp"

namespace iogate::test {

inline RunResult sample_result(std::uint64_t ios, std::uint64_t bs, double seconds, bool read) {
  RunResult r;
  r.engine = "psync";
  r.seed = 42;
  (read ? r.ios_read : r.ios_written) = ios;
  (read ? r.bytes_read : r.bytes_written) = ios * bs;
  r.elapsed_s = seconds;
  LatencyHistogram& side = read ? r.read_latency : r.write_latency;
  for (std::uint64_t i = 0; i < ios; ++i) side.record(100'000 + (i % 97) * 10'000);
  r.merge_direction_latencies();
  r.cpu_process_pct = 4.5;
  r.cpu_system_pct = 11.25;
  for (int s = 0; s < static_cast<int>(seconds); ++s)
    r.intervals.push_back({static_cast<double>(s), 1.0,
                           ios / static_cast<std::uint64_t>(seconds) * bs,
                           ios / static_cast<std::uint64_t>(seconds)});
  return r;
}

// A mixed run: `ios` of which three in every ten are writes (70% reads), the
// writes slower than the reads, each direction in its own histogram as the engine keeps them.
inline RunResult sample_mixed_result(std::uint64_t ios, std::uint64_t bs, double seconds) {
  RunResult r = sample_result(0, bs, seconds, true);
  for (std::uint64_t i = 0; i < ios; ++i) {
    const bool write = i % 10 >= 7;
    (write ? r.ios_written : r.ios_read) += 1;
    (write ? r.bytes_written : r.bytes_read) += bs;
    (write ? r.write_latency : r.read_latency)
        .record((write ? 400'000 : 100'000) + (i % 97) * 10'000);
  }
  r.merge_direction_latencies();
  for (IntervalSample& s : r.intervals) {
    s.ios = ios / static_cast<std::uint64_t>(seconds);
    s.bytes = s.ios * bs;
  }
  return r;
}

inline WorkloadSpec sample_workload(std::uint64_t bs, double read_pct) {
  WorkloadSpec w;
  w.block_size = bs;
  w.read_pct = read_pct;
  w.random_pct = 100;
  w.file_size = 1ull << 30;
  w.duration = std::chrono::seconds(4);
  w.ramp = std::chrono::seconds(1);
  w.workers = 2;
  return w;
}

inline RunRecord sample_report() {
  RunRecord report;
  RunContext& c = report.context;
  c.iogate_version = "0.1.0";
  c.host = "rig-01";
  c.host_label = "rack2-rig-01";
  c.started_at = "2026-11-30T18:00:00Z";
  c.suite = "quick";
  c.datastore = "/mnt/array";
  c.stack.filesystem = "ext4";
  c.stack.mount_point = "/mnt/array";
  c.stack.device = "sda";
  c.stack.driver = "hpvsa";
  c.stack.scheduler = "mq-deadline";
  c.stack.kernel = "6.1.0-test";
  c.stack.host_driver_version = "5.5.0.100";

  CheckRecord pass;
  pass.suite = "quick";
  pass.check = "rand_read_8k";
  pass.description = "random 8k reads";
  pass.workload = sample_workload(8192, 100);
  pass.result = sample_result(4000, 8192, 4, true);
  pass.wall_s = 6.5;
  pass.runs = 1;
  pass.runs_allowed = 10;
  pass.expectations = {{"iops_min",
                        "holds",
                        "iops at least 1000.00 (iops_min 300.00)",
                        {},
                        {"iops", 300, 1000, 990, NAN, false}}};
  report.checks.push_back(pass);

  CheckRecord fail;
  fail.suite = "quick";
  fail.check = "seq_<write>_&_\"8k\"\x01";
  fail.status = CheckStatus::fail;
  fail.messages = {"seq_<write>: iops 250.00 < iops_min 300.00 (8 KiB & \"more\")"};
  fail.runs = 9;
  fail.runs_allowed = 10;
  fail.expectations = {{"iops_min",
                        "broken",
                        "iops 0.61-0.64x baseline (bound 0.90x)",
                        {},
                        {"iops", 360, 0.625, 0.61, 0.64, true}}};
  fail.workload = sample_workload(8192, 0);
  fail.result = sample_result(1000, 8192, 4, false);
  fail.baseline = {{"iops_min", 400, 250, 380, 420}};
  fail.fingerprint_changes = {"driver hpvsa 5.5.0-88 -> 5.5.0.100"};
  fail.wall_s = 7.25;
  report.checks.push_back(fail);

  CheckRecord unstable = pass;
  unstable.check = "rand_mixed";
  unstable.status = CheckStatus::unstable;
  unstable.messages = {
      "rand_mixed: unstable: iops 0.86-1.04x baseline (bound 0.90x) after 2 of 2 runs: "
      "undecided"};
  unstable.runs = 2;
  unstable.runs_allowed = 2;
  unstable.expectations = {{"iops_min",
                            "undecided",
                            "iops 0.86-1.04x baseline (bound 0.90x)",
                            {},
                            {"iops", NAN, 0.95, 0.86, 1.04, true}}};
  unstable.workload = sample_workload(8192, 70);
  unstable.result = sample_mixed_result(4000, 8192, 4);
  unstable.repeats = {sample_mixed_result(3000, 8192, 4), sample_mixed_result(4000, 8192, 4)};
  report.checks.push_back(unstable);

  CheckRecord skipped;
  skipped.suite = "quick";
  skipped.check = "vs_baseline";
  skipped.status = CheckStatus::skipped;
  skipped.messages = {"no baseline recorded for this datastore"};
  skipped.workload = sample_workload(4096, 50);
  report.checks.push_back(skipped);

  CheckRecord error;
  error.suite = "quick";
  error.check = "no_space";
  error.status = CheckStatus::error;
  error.messages = {"no_space: error: needs 1.10 GiB, 200 MiB free in /mnt/array"};
  error.workload = sample_workload(4096, 0);
  report.checks.push_back(error);
  return report;
}

}  // namespace iogate::test
