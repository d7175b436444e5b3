// The workload's vocabulary (workload_keys.hpp): every key's spellings, the shape of its value and
// its help lines. The rows are in the order the parser lists valid keys. A limit a reader names is
// its constant (workload_rules.hpp); the plain ones (above 0, 0 to 100) are written out, and
// threshold_keys_gtest holds each row to the threshold parser: every example and every choice
// parses, and every range's edges are accepted and the values just past them refused.
#include "iogate/engine/workload_keys.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "iogate/engine/workload.hpp"
#include "iogate/engine/workload_rules.hpp"

namespace iogate {
namespace {

constexpr double bytes(std::uint64_t b) { return static_cast<double>(b); }

// Every engine a threshold file may name, whatever the platform ("auto" picks the best one
// available where it runs): a file stays valid when it moves between hosts.
constexpr std::array<std::string_view, 5> kEngineChoices{"auto", "psync", "io_uring", "libaio",
                                                         "iocp"};

constexpr KeySpec kBlockMixKeys[] = {
    {.name = "size",
     .help = "One block size of the mix: a multiple of 512 bytes and of the mix's smallest size",
     .kind = ValueKind::size,
     .required = true,
     .min = bytes(kSectorSize),
     .max = bytes(kMaxBlockSize),
     .multiple_of = kSectorSize,
     .example = R"("4KiB")"},
    {.name = "pct",
     .help = "Its share of the I/Os; the shares of a mix sum to 100",
     .kind = ValueKind::percent,
     .required = true,
     .min = 0,
     .max = 100,
     .above = true,
     .example = "60"},
};

constexpr WorkloadKeyRow kRows[] = {
    {.field = WorkloadField::block_size,
     .spec = {.name = "block_size",
              .help = "The size of each I/O: 8k = 8KiB = 8192 bytes, a multiple of 512",
              .kind = ValueKind::size,
              .min = bytes(kSectorSize),
              .max = bytes(kMaxBlockSize),
              .multiple_of = kSectorSize,
              .example = R"("8KiB")"},
     .json = "block_size",
     .flag = "--bs",
     .flag_help = "Block size, e.g. 8k (default 4k)"},
    {.field = WorkloadField::read_pct,
     .spec = {.name = "read",
              .help = "The share of I/Os that read, decided per I/O (default 0%)",
              .kind = ValueKind::percent,
              .min = 0,
              .max = 100,
              .example = R"("70%")"},
     .json = "read_pct",
     .flag = "--read",
     .flag_help = "Share of reads, 0..100%"},
    {.field = WorkloadField::random_pct,
     .spec = {.name = "random",
              .help =
                  "The share of I/Os at a random offset; the others continue where the last ended "
                  "(default 0%)",
              .kind = ValueKind::percent,
              .min = 0,
              .max = 100,
              .example = R"("100%")"},
     .json = "random_pct",
     .flag = "--random",
     .flag_help = "Share of random I/Os, 0..100% (IOMeter semantics)"},
    {.field = WorkloadField::random_distribution,
     .spec =
         {.name = "random_distribution",
          .help =
              "Where the random I/Os land, in fio's spelling: \"random\" (uniform, the default), "
              "\"zipf:1.2\", \"pareto:0.9\", \"normal:10\" (each with an optional :CENTER "
              "from 0 to 1) or \"zoned:60/10:40/90\" (60% of them in the first 10% of the file)",
          .kind = ValueKind::text,
          .pattern = "^(random|zipf|pareto|normal|zoned)(:.+)?$",
          .example = R"("zipf:1.2")"},
     .json = "random_distribution",
     .flag = "--random-distribution",
     .flag_help = "Where random I/Os land, fio's spelling: random (uniform), zipf:1.2, pareto:0.9, "
                  "normal:10, zoned:60/10:40/90 (60% of them in the first 10% of the file)"},
    {.field = WorkloadField::block_align,
     .spec =
         {.name = "block_align",
          .help =
              "What random offsets are multiples of (fio's blockalign): a multiple of block_size "
              "(default block_size, or a mix's smallest size)",
          .kind = ValueKind::size,
          .min = bytes(kSectorSize),
          .multiple_of = kSectorSize,
          .example = R"("64KiB")"},
     .json = "block_align",
     .flag = "--block-align",
     .flag_help = "Align random offsets to this, a multiple of the block size, e.g. 4k (fio's "
                  "blockalign; default the block size)"},
    {.field = WorkloadField::queue_depth,
     .spec = {.name = "queue_depth",
              .help = "I/Os in flight per worker (default 1)",
              .kind = ValueKind::whole,
              .min = 1,
              .max = kMaxQueueDepth,
              .example = "16"},
     .json = "queue_depth",
     .flag = "--qd",
     .flag_help = "Outstanding I/Os"},
    {.field = WorkloadField::file_size,
     .spec = {.name = "file_size",
              .help = "The test file's size; a time-based check needs it, a size-based one "
                      "defaults to size",
              .kind = ValueKind::size,
              .min = 1,
              .example = R"("1GiB")"},
     .json = "file_size",
     .flag = "--file-size",
     .flag_help = "Test file size (default: --size; a time-based run needs it)"},
    {.field = WorkloadField::io_size,
     .spec = {.name = "size",
              .help = "Bytes to transfer: a size-based check (with duration too, capped in time)",
              .kind = ValueKind::size,
              .min = 1,
              .example = R"("512MiB")"},
     .json = "io_size",
     .flag = "--size",
     .flag_help = "Size-based: bytes to transfer, e.g. 8GiB"},
    {.field = WorkloadField::duration,
     .spec = {.name = "duration",
              .help = "How long to measure: a time-based check",
              .kind = ValueKind::duration,
              .min = 0,
              .above = true,
              .example = R"("15s")"},
     .json = "duration_s",
     .flag = "--time",
     .flag_help = "Time-based: measured duration, e.g. 30s"},
    {.field = WorkloadField::ramp,
     .spec = {.name = "ramp",
              .help = "How long to run first, excluded from every figure (default 0)",
              .kind = ValueKind::duration,
              .min = 0,
              .example = R"("2s")"},
     .json = "ramp_s",
     .flag = "--ramp",
     .flag_help = "Ramp-up excluded from the figures, e.g. 2s"},
    {.field = WorkloadField::direct,
     .spec = {.name = "direct",
              .help = "O_DIRECT, past the page cache (default true)",
              .kind = ValueKind::boolean,
              .example = "true"},
     .json = "direct",
     .flag = "--direct",
     .flag_help = "1: O_DIRECT, 0: buffered"},
    {.field = WorkloadField::flush,
     .spec = {.name = "flush",
              .help = "\"end\" (default): fdatasync before the clock stops; \"none\"",
              .kind = ValueKind::choice,
              .choices = kFlushPolicies.names,
              .example = R"("end")"},
     .json = "flush",
     .flag = "--flush",
     .flag_help = "end: fdatasync before the clock stops; none"},
    {.field = WorkloadField::write_through,
     .spec =
         {.name = "write_through",
          .help =
              "Each write completes only once on stable storage: O_DSYNC, FILE_FLAG_WRITE_THROUGH "
              "on Windows (default false)",
          .kind = ValueKind::boolean,
          .example = "false"},
     .json = "write_through",
     .flag = "--write-through",
     .flag_help = "Each write completes only once on stable storage (O_DSYNC)"},
    {.field = WorkloadField::engine,
     .spec = {.name = "engine",
              .help = "The I/O engine; \"auto\" (default) takes io_uring, else libaio, else psync",
              .kind = ValueKind::choice,
              .choices = kEngineChoices,
              .example = R"("auto")"},
     .json = "engine",
     .flag = "--engine",
     .flag_help = "I/O engine: auto (first usable of io_uring, libaio, psync), io_uring, libaio, "
                  "psync"},
    {.field = WorkloadField::workers,
     .spec = {.name = "workers",
              .help = "Threads, each on its own region of the file with queue_depth I/Os in flight "
                      "(default 1)",
              .kind = ValueKind::whole,
              .min = 1,
              .max = kMaxWorkers,
              .example = "4"},
     .json = "workers",
     .flag = "--workers",
     .flag_help = "Threads, each on its own region of the file with --qd"},
    {.field = WorkloadField::verify,
     .spec = {.name = "verify",
              .help = "Stamp every block written and check every block read (default false)",
              .kind = ValueKind::boolean,
              .example = "false"},
     .json = "verify",
     .flag = "--verify",
     .flag_help = "Stamp every written block and check every read one"},
    {.field = WorkloadField::kind,
     .spec = {.name = "kind",
              .help =
                  "\"mixed\" (default), or \"integrity\": write the whole file, flush, read it all "
                  "back verified",
              .kind = ValueKind::choice,
              .choices = kWorkloadKinds.names,
              .example = R"("mixed")"},
     .json = "kind",
     .flag = "--kind",
     .flag_help = "mixed: the --read/--random mix; integrity: write the file, flush, read it all "
                  "back verified"},
    {.field = WorkloadField::rate_iops,
     .spec = {.name = "rate_iops",
              .help = "Issue I/Os at this fixed pace, in I/Os per second (no cap when left out)",
              .kind = ValueKind::number,
              .min = 0,
              .above = true,
              .example = "500"},
     .json = "rate_iops",
     .flag = "--rate-iops",
     .flag_help = "Issue at most this many I/Os per second (0: no cap)"},
    {.field = WorkloadField::rate_mbps,
     .spec =
         {.name = "rate_mbps",
          .help =
              "Issue I/Os at this many MiB/s (no cap when left out; with rate_iops, the slower)",
          .kind = ValueKind::number,
          .min = 0,
          .above = true,
          .example = "40"},
     .json = "rate_mbps",
     .flag = "--rate-mbps",
     .flag_help = "Issue at most this many MiB per second (0: no cap)"},
    {.field = WorkloadField::rate_process,
     .spec =
         {.name = "rate_process",
          .help =
              "How a rate cap spaces its issues: \"linear\" (default), one every 1/rate seconds, "
              "or \"poisson\", exponential gaps of that mean (fio's rate_process)",
          .kind = ValueKind::choice,
          .choices = kRateProcesses.names,
          .example = R"("poisson")"},
     .json = "rate_process",
     .flag = "--rate-process",
     .flag_help = "How the rate cap spaces its issues: linear (one every 1/rate s) or poisson "
                  "(exponential gaps of that mean, fio's rate_process)"},
    {.field = WorkloadField::think_time,
     .spec = {.name = "think_time",
              .help = "A pause after every think_blocks I/Os, once they completed: an application "
                      "processing what it read (fio's thinktime; none when left out)",
              .kind = ValueKind::duration,
              .min = 0,
              .above = true,
              .example = R"("2ms")"},
     .json = "think_time_s",
     .flag = "--think-time",
     .flag_help = "Pause this long after every --think-blocks I/Os have completed, e.g. 2ms (fio's "
                  "thinktime)"},
    {.field = WorkloadField::think_blocks,
     .spec = {.name = "think_blocks",
              .help =
                  "I/Os between two think_time pauses, and so the most ever in flight (default 1)",
              .kind = ValueKind::whole,
              .min = 1,
              .max = kMaxThinkBlocks,
              .example = "8"},
     .json = "think_blocks",
     .flag = "--think-blocks",
     .flag_help = "I/Os between two --think-time pauses, and the most in flight"},
    {.field = WorkloadField::priority,
     .spec = {.name = "priority",
              .help = "The I/O priority class of every I/O (ionice's; fio's prioclass and prio): "
                      "\"rt:N\" or \"be:N\" with N from 0, the highest, to 7, or \"idle\" (the "
                      "thread's own when left out)",
              .kind = ValueKind::text,
              .pattern = "^(rt:[0-7]|be:[0-7]|idle)$",
              .example = R"("be:4")"},
     .json = "priority",
     .flag = "--priority",
     .flag_help = "I/O priority class of every I/O, as ionice names them: rt:N or be:N (N from 0, "
                  "the highest, to 7) or idle (fio's prioclass and prio)"},
    {.field = WorkloadField::cmd_priority,
     .spec = {.name = "cmd_priority",
              .help =
                  "The class a share of the I/Os is issued at, each I/O drawn (fio's cmdprio_class "
                  "and cmdprio): needs cmd_priority_share and the io_uring or libaio engine",
              .kind = ValueKind::text,
              .pattern = "^(rt:[0-7]|be:[0-7]|idle)$",
              .example = R"("rt:0")"},
     .json = "cmd_priority",
     .flag = "--cmd-priority",
     .flag_help = "The class a share of the I/Os is issued at, each drawn (fio's cmdprio_class and "
                  "cmdprio; io_uring or libaio): needs --cmd-priority-share"},
    {.field = WorkloadField::cmd_priority_pct,
     .spec = {.name = "cmd_priority_share",
              .help =
                  "The share of the I/Os issued at cmd_priority (fio's cmdprio_percentage); their "
                  "latency is reported apart from the rest",
              .kind = ValueKind::percent,
              .min = 0,
              .max = 100,
              .above = true,
              .example = R"("20%")"},
     .json = "cmd_priority_pct",
     .flag = "--cmd-priority-share",
     .flag_help = "The share of the I/Os issued at --cmd-priority, e.g. 20% (fio's "
                  "cmdprio_percentage); their latency is reported apart"},
    {.field = WorkloadField::steady_state,
     .spec =
         {.name = "steady_state",
          .help =
              "Run on after ramp until this figure is steady, then measure (fio's steadystate): "
              "\"iops:10%\" (every second within 10% of the window's mean), \"bw_slope:1%\" "
              "(the window's slope under 1% of its mean per second), also bw, lat and "
              "iops_slope, lat_slope, with a limit in % or in the figure's unit",
          .kind = ValueKind::text,
          .pattern = "^(iops|bw|lat)(_slope)?:.+$",
          .example = R"("iops:10%")"},
     .json = "steady_state.criterion",
     .flag = "--steady-state",
     .flag_help = "After --ramp, run until this figure is steady, then measure, in fio's spelling: "
                  "iops:10%, bw_slope:1%, lat:5% (needs --steady-window)"},
    {.field = WorkloadField::steady_window,
     .spec = {.name = "steady_window",
              .help = "With steady_state: the time over which the figure must be steady",
              .kind = ValueKind::duration,
              .min = 0,
              .above = true,
              .example = R"("30s")"},
     .json = "steady_state.window_s",
     .flag = "--steady-window",
     .flag_help = "With --steady-state: the time over which the figure must be steady, e.g. 30s"},
    {.field = WorkloadField::steady_interval,
     .spec = {.name = "steady_interval",
              .help = "With steady_state: one sample of the window (default 1s, at least 100ms)",
              .kind = ValueKind::duration,
              .min = 0.1,
              .example = R"("1s")"},
     .json = "steady_state.interval_s",
     .flag = "--steady-interval",
     .flag_help = "With --steady-state: one sample of the window (default 1s)"},
    {.field = WorkloadField::steady_max,
     .spec = {.name = "steady_max",
              .help = "With steady_state: the longest wait for it, then the check measures anyway "
                      "(default five windows; [check.expect] settled = true fails the check then)",
              .kind = ValueKind::duration,
              .min = 0,
              .above = true,
              .example = R"("5m")"},
     .json = "steady_state.max_s",
     .flag = "--steady-max",
     .flag_help = "With --steady-state: the longest wait, then measure anyway (default five "
                  "windows)"},
    {.field = WorkloadField::layout,
     .spec = {.name = "layout",
              .help = "The test file before the run: \"written\" (default), \"preallocated\" or "
                      "\"grown\"; a workload that reads needs \"written\"",
              .kind = ValueKind::choice,
              .choices = kFileLayouts.names,
              .example = R"("written")"},
     .json = "layout",
     .flag = "--layout",
     .flag_help = "Test file before the run: written (every block written first, like IOMeter and "
                  "fio), preallocated (fallocate only; write-only workloads), grown (empty, the "
                  "writes grow it, like dd to a new file; write-only workloads)"},
    {.field = WorkloadField::block_mix,
     .spec = {.name = "block_mix",
              .help = "Several block sizes, each with its share of the I/Os (instead of "
                      "block_size, or with "
                      "it as the smallest size)",
              .kind = ValueKind::tables,
              .min = 1,
              .max = bytes(kMaxBlockMixSizes),
              .table = &block_mix_table,
              .example = R"([ { size = "4KiB", pct = 60 }, { size = "64KiB", pct = 40 } ])"},
     .json = "block_mix",
     .flag = "--bssplit",
     .flag_help = "Block-size mix, fio's syntax: SIZE/PCT of the I/Os, e.g. 4k/60:64k/40 (instead "
                  "of --bs, which becomes the smallest size)"},
    {.field = WorkloadField::layout_write_size,
     .spec =
         {.name = "layout_write_size",
          .help =
              "The writes that lay out a written file: whole 4 KiB pages up to 16 MiB (default: "
              "the largest block size)",
          .kind = ValueKind::size,
          .min = bytes(kLayoutWriteGrain),
          .max = bytes(kMaxLayoutWriteSize),
          .multiple_of = kLayoutWriteGrain,
          .example = R"("64KiB")"},
     .json = "layout_write_size",
     .flag = "--layout-write-size",
     .flag_help = "Size of the writes that lay out a written file (default: the largest I/O, as "
                  "fio; IOMeter prepares its file in 64k writes)"},
    {.field = WorkloadField::cpu_affinity,
     .spec = {.name = "cpu_affinity",
              .help = "Which CPU each worker runs on: \"none\" (default: the scheduler's "
                      "choice), \"round-robin\" (worker k on the k-th CPU this process may use, "
                      "DiskSpd's default) or a list like \"0,2,4-7\" (worker k on its k-th CPU)",
              .kind = ValueKind::text,
              .pattern = "^(none|round-robin|[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*)$",
              .example = R"("round-robin")"},
     .json = "cpu_affinity",
     .flag = "--cpu-affinity",
     .flag_help = "Which CPU each worker runs on: none (the scheduler's), round-robin (DiskSpd's "
                  "default) or a list like 0,2,4-7"},
};

}  // namespace

std::span<const WorkloadKeyRow> workload_key_rows() { return kRows; }

const WorkloadKeyRow& workload_key_row(WorkloadField field) {
  const auto* row = std::find_if(std::begin(kRows), std::end(kRows),
                                 [field](const WorkloadKeyRow& r) { return r.field == field; });
  if (row == std::end(kRows)) throw std::logic_error("a workload field without a row");
  return *row;
}

const TableSpec& block_mix_table() {
  static constexpr TableSpec table{.name = {}, .help = {}, .keys = kBlockMixKeys};
  return table;
}

}  // namespace iogate
