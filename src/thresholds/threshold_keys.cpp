// The tables of threshold_keys.hpp. Each lists its keys in the order errors name them ("valid keys
// here are ..."). A limit a reader names is its constant here too; the plain ones (above 0, 0 to
// 100) are written out, and threshold_keys_gtest holds them to the readers.
#include "threshold_keys.hpp"

#include <array>
#include <chrono>

#include "expectation_keys.hpp"
#include "iogate/engine/workload.hpp"
#include "iogate/engine/workload_rules.hpp"
#include "iogate/thresholds/threshold_file.hpp"
#include "repetition_keys.hpp"

namespace iogate::thresholds_detail {
namespace {

constexpr double seconds(std::chrono::seconds s) {
  return std::chrono::duration<double>(s).count();
}
constexpr double bytes(std::uint64_t b) { return static_cast<double>(b); }

constexpr std::array<std::string_view, 5> kEngines{"auto", "psync", "io_uring", "libaio", "iocp"};
constexpr std::array<std::string_view, 2> kFlushes{"end", "none"};
constexpr std::array<std::string_view, 2> kKinds{"mixed", "integrity"};
constexpr std::array<std::string_view, 2> kUnstable{"fail", "skip"};

// The repetition keys (repetition_keys.hpp), in [suite] and in each [[check]].
constexpr KeySpec kRepeat{.name = "repeat",
                          .help =
                              "The fewest runs of a check (a check's own value wins over the "
                              "suite's; default 1)",
                          .kind = ValueKind::whole,
                          .min = 1,
                          .max = kMaxRepeat,
                          .example = "3"};
constexpr KeySpec kRepeatMax{.name = "repeat_max",
                             .help =
                                 "The most runs of a check while its verdict is undecided "
                                 "(default: repeat or 20, the larger)",
                             .kind = ValueKind::whole,
                             .min = 1,
                             .max = kMaxRepeat,
                             .example = "20"};
constexpr KeySpec kBudget{.name = "budget",
                          .help =
                              "Wall time for a check's runs; in [suite], shared evenly by its "
                              "checks",
                          .kind = ValueKind::duration,
                          .min = seconds(kMinBudget),
                          .example = R"("5m")"};
constexpr KeySpec kUnstableKey{.name = "unstable",
                               .help =
                                   "How a check still undecided when its runs are spent ends: "
                                   "\"fail\" (default) or \"skip\"",
                               .kind = ValueKind::choice,
                               .choices = kUnstable,
                               .example = R"("fail")"};
constexpr KeySpec kConfirm{.name = "confirm",
                           .help =
                               "A shortfall fails only when a second sample, after a pause, "
                               "shows it too (default true)",
                           .kind = ValueKind::boolean,
                           .example = "true"};
constexpr KeySpec kConfirmPause{.name = "confirm_pause",
                                .help =
                                    "The pause before that second sample (default: 30s, or "
                                    "the first sample's longest run when longer)",
                                .kind = ValueKind::duration,
                                .min = seconds(kMinConfirmPause),
                                .max = seconds(kMaxConfirmPause),
                                .example = R"("45s")"};

constexpr KeySpec kSuiteKeys[] = {
    {.name = "name",
     .help = "The suite's name: letters, digits and '_' (it becomes a GoogleTest and ctest name)",
     .kind = ValueKind::identifier,
     .required = true,
     .example = R"("quick")"},
    {.name = "profile",
     .help = "A label for the kind of run: quick, full (default), nightly ...",
     .kind = ValueKind::identifier,
     .example = R"("nightly")"},
    {.name = "description",
     .help = "What the suite is for",
     .kind = ValueKind::text,
     .example = R"("the array's nightly gate")"},
    kRepeat,
    kRepeatMax,
    kBudget,
    kUnstableKey,
    kConfirm,
    kConfirmPause,
    {.name = "require_mount",
     .help = "The datastore must be a mount point",
     .kind = ValueKind::boolean,
     .example = "true"},
    {.name = "require_filesystem",
     .help = "The datastore's filesystem type, as /proc/mounts names it",
     .kind = ValueKind::text,
     .pattern = "^[^ /\\t]+$",
     .example = R"("xfs")"},
    {.name = "require_device",
     .help = "The block device the datastore must be on",
     .kind = ValueKind::text,
     .pattern = "^/",
     .example = R"("/dev/sdb1")"},
};

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

constexpr KeySpec kWorkloadKeys[] = {
    {.name = "block_size",
     .help = "The size of each I/O: 8k = 8KiB = 8192 bytes, a multiple of 512",
     .kind = ValueKind::size,
     .min = bytes(kSectorSize),
     .max = bytes(kMaxBlockSize),
     .multiple_of = kSectorSize,
     .example = R"("8KiB")"},
    {.name = "read",
     .help = "The share of I/Os that read, decided per I/O (default 0%)",
     .kind = ValueKind::percent,
     .min = 0,
     .max = 100,
     .example = R"("70%")"},
    {.name = "random",
     .help = "The share of I/Os at a random offset; the others continue where the last ended "
             "(default 0%)",
     .kind = ValueKind::percent,
     .min = 0,
     .max = 100,
     .example = R"("100%")"},
    {.name = "random_distribution",
     .help = "Where the random I/Os land, in fio's spelling: \"random\" (uniform, the default), "
             "\"zipf:1.2\", \"pareto:0.9\", \"normal:10\" (each with an optional :CENTER "
             "from 0 to 1) or \"zoned:60/10:40/90\" (60% of them in the first 10% of the file)",
     .kind = ValueKind::text,
     .pattern = "^(random|zipf|pareto|normal|zoned)(:.+)?$",
     .example = R"("zipf:1.2")"},
    {.name = "block_align",
     .help = "What random offsets are multiples of (fio's blockalign): a multiple of block_size "
             "(default block_size, or a mix's smallest size)",
     .kind = ValueKind::size,
     .min = bytes(kSectorSize),
     .multiple_of = kSectorSize,
     .example = R"("64KiB")"},
    {.name = "queue_depth",
     .help = "I/Os in flight per worker (default 1)",
     .kind = ValueKind::whole,
     .min = 1,
     .max = kMaxQueueDepth,
     .example = "16"},
    {.name = "file_size",
     .help = "The test file's size; a time-based check needs it, a size-based one defaults to size",
     .kind = ValueKind::size,
     .min = 1,
     .example = R"("1GiB")"},
    {.name = "size",
     .help = "Bytes to transfer: a size-based check (with duration too, capped in time)",
     .kind = ValueKind::size,
     .min = 1,
     .example = R"("512MiB")"},
    {.name = "duration",
     .help = "How long to measure: a time-based check",
     .kind = ValueKind::duration,
     .min = 0,
     .above = true,
     .example = R"("15s")"},
    {.name = "ramp",
     .help = "How long to run first, excluded from every figure (default 0)",
     .kind = ValueKind::duration,
     .min = 0,
     .example = R"("2s")"},
    {.name = "direct",
     .help = "O_DIRECT, past the page cache (default true)",
     .kind = ValueKind::boolean,
     .example = "true"},
    {.name = "flush",
     .help = "\"end\" (default): fdatasync before the clock stops; \"none\"",
     .kind = ValueKind::choice,
     .choices = kFlushes,
     .example = R"("end")"},
    {.name = "write_through",
     .help = "Each write completes only once on stable storage: O_DSYNC, FILE_FLAG_WRITE_THROUGH "
             "on Windows (default false)",
     .kind = ValueKind::boolean,
     .example = "false"},
    {.name = "engine",
     .help = "The I/O engine; \"auto\" (default) takes io_uring, else libaio, else psync",
     .kind = ValueKind::choice,
     .choices = kEngines,
     .example = R"("auto")"},
    {.name = "workers",
     .help = "Threads, each on its own region of the file with queue_depth I/Os in flight "
             "(default 1)",
     .kind = ValueKind::whole,
     .min = 1,
     .max = kMaxWorkers,
     .example = "4"},
    {.name = "verify",
     .help = "Stamp every block written and check every block read (default false)",
     .kind = ValueKind::boolean,
     .example = "false"},
    {.name = "kind",
     .help = "\"mixed\" (default), or \"integrity\": write the whole file, flush, read it all "
             "back verified",
     .kind = ValueKind::choice,
     .choices = kKinds,
     .example = R"("mixed")"},
    {.name = "rate_iops",
     .help = "Issue I/Os at this fixed pace, in I/Os per second (no cap when left out)",
     .kind = ValueKind::number,
     .min = 0,
     .above = true,
     .example = "500"},
    {.name = "rate_mbps",
     .help = "Issue I/Os at this many MiB/s (no cap when left out; with rate_iops, the slower)",
     .kind = ValueKind::number,
     .min = 0,
     .above = true,
     .example = "40"},
    {.name = "rate_process",
     .help = "How a rate cap spaces its issues: \"linear\" (default), one every 1/rate seconds, "
             "or \"poisson\", exponential gaps of that mean (fio's rate_process)",
     .kind = ValueKind::choice,
     .choices = kRateProcessNames,
     .example = R"("poisson")"},
    {.name = "think_time",
     .help = "A pause after every think_blocks I/Os, once they completed: an application "
             "processing what it read (fio's thinktime; none when left out)",
     .kind = ValueKind::duration,
     .min = 0,
     .above = true,
     .example = R"("2ms")"},
    {.name = "think_blocks",
     .help = "I/Os between two think_time pauses, and so the most ever in flight (default 1)",
     .kind = ValueKind::whole,
     .min = 1,
     .max = kMaxThinkBlocks,
     .example = "8"},
    {.name = "priority",
     .help = "The I/O priority class of every I/O (ionice's; fio's prioclass and prio): "
             "\"rt:N\" or \"be:N\" with N from 0, the highest, to 7, or \"idle\" (the "
             "thread's own when left out)",
     .kind = ValueKind::text,
     .pattern = "^(rt:[0-7]|be:[0-7]|idle)$",
     .example = R"("be:4")"},
    {.name = "cmd_priority",
     .help = "The class a share of the I/Os is issued at, each I/O drawn (fio's cmdprio_class "
             "and cmdprio): needs cmd_priority_share and the io_uring or libaio engine",
     .kind = ValueKind::text,
     .pattern = "^(rt:[0-7]|be:[0-7]|idle)$",
     .example = R"("rt:0")"},
    {.name = "cmd_priority_share",
     .help = "The share of the I/Os issued at cmd_priority (fio's cmdprio_percentage); their "
             "latency is reported apart from the rest",
     .kind = ValueKind::percent,
     .min = 0,
     .max = 100,
     .above = true,
     .example = R"("20%")"},
    {.name = "steady_state",
     .help = "Run on after ramp until this figure is steady, then measure (fio's steadystate): "
             "\"iops:10%\" (every second within 10% of the window's mean), \"bw_slope:1%\" "
             "(the window's slope under 1% of its mean per second), also bw, lat and "
             "iops_slope, lat_slope, with a limit in % or in the figure's unit",
     .kind = ValueKind::text,
     .pattern = "^(iops|bw|lat)(_slope)?:.+$",
     .example = R"("iops:10%")"},
    {.name = "steady_window",
     .help = "With steady_state: the time over which the figure must be steady",
     .kind = ValueKind::duration,
     .min = 0,
     .above = true,
     .example = R"("30s")"},
    {.name = "steady_interval",
     .help = "With steady_state: one sample of the window (default 1s, at least 100ms)",
     .kind = ValueKind::duration,
     .min = 0.1,
     .example = R"("1s")"},
    {.name = "steady_max",
     .help = "With steady_state: the longest wait for it, then the check measures anyway "
             "(default five windows; [check.expect] settled = true fails the check then)",
     .kind = ValueKind::duration,
     .min = 0,
     .above = true,
     .example = R"("5m")"},
    {.name = "layout",
     .help = "The test file before the run: \"written\" (default), \"preallocated\" or "
             "\"grown\"; a workload that reads needs \"written\"",
     .kind = ValueKind::choice,
     .choices = kLayoutNames,
     .example = R"("written")"},
    {.name = "block_mix",
     .help = "Several block sizes, each with its share of the I/Os (instead of block_size, or with "
             "it as the smallest size)",
     .kind = ValueKind::tables,
     .min = 1,
     .max = bytes(kMaxBlockMixSizes),
     .table = &block_mix_table,
     .example = R"([ { size = "4KiB", pct = 60 }, { size = "64KiB", pct = 40 } ])"},
    {.name = "layout_write_size",
     .help = "The writes that lay out a written file: whole 4 KiB pages up to 16 MiB (default: "
             "the largest block size)",
     .kind = ValueKind::size,
     .min = bytes(kLayoutWriteGrain),
     .max = bytes(kMaxLayoutWriteSize),
     .multiple_of = kLayoutWriteGrain,
     .example = R"("64KiB")"},
};

constexpr KeySpec kCheckKeys[] = {
    {.name = "name",
     .help = "The check's name, unique in the suite: letters, digits and '_' (it becomes a test "
             "name)",
     .kind = ValueKind::identifier,
     .required = true,
     .max = bytes(kMaxCheckNameLength),
     .example = R"("seq_write_8k")"},
    {.name = "description",
     .help = "What the check is for",
     .kind = ValueKind::text,
     .example = R"("8 KiB sequential writes, as dd")"},
    {.name = "timeout",
     .help = "The ctest TIMEOUT, rounded up to whole seconds (derived from the workload when left "
             "out)",
     .kind = ValueKind::duration,
     .min = 0,
     .above = true,
     .example = R"("10m")"},
    {.name = "workload",
     .help = "What to run (or fio_job instead)",
     .kind = ValueKind::table,
     .table = &workload_table},
    {.name = "expect",
     .help = "The bounds the check must meet: at least one",
     .kind = ValueKind::table,
     .required = true,
     .min = 1,
     .table = &expect_table},
    kRepeat,
    kRepeatMax,
    kBudget,
    kUnstableKey,
    {.name = "fio_job",
     .help = "A fio job file whose options are the whole workload, relative to this file "
             "(instead of [check.workload]; [defaults] do not apply)",
     .kind = ValueKind::text,
     .min = 1,
     .example = R"("jobs/oltp.fio")"},
    {.name = "fio_section",
     .help = "The job section of fio_job to run; required when the job file holds several",
     .kind = ValueKind::text,
     .min = 1,
     .needs = "fio_job",
     .example = R"("rand-rw")"},
    kConfirm,
    kConfirmPause,
};
constexpr std::array<std::string_view, 2> kWorkloadSources{"workload", "fio_job"};

constexpr KeySpec kTopKeys[] = {
    {.name = "suite",
     .help = "The suite: its name, and how often its checks run",
     .kind = ValueKind::table,
     .required = true,
     .table = &suite_table},
    {.name = "defaults",
     .help = "Workload keys lent to every check that does not set them",
     .kind = ValueKind::table,
     .table = &workload_table},
    {.name = "check",
     .help = "A check: a workload, and the bounds it must meet",
     .kind = ValueKind::tables,
     .required = true,
     .min = 1,
     .table = &check_table},
};

}  // namespace

const TableSpec& document_table() {
  static constexpr TableSpec table{
      .name = {}, .help = "An iogate threshold file: one suite of checks", .keys = kTopKeys};
  return table;
}

const TableSpec& suite_table() {
  static constexpr TableSpec table{.name = {}, .help = {}, .keys = kSuiteKeys};
  return table;
}

const TableSpec& check_table() {
  static constexpr TableSpec table{
      .name = {}, .help = {}, .keys = kCheckKeys, .exactly_one_of = kWorkloadSources};
  return table;
}

const TableSpec& workload_table() {
  static constexpr TableSpec table{
      .name = "workload", .help = "A workload: what a check runs", .keys = kWorkloadKeys};
  return table;
}

const TableSpec& block_mix_table() {
  static constexpr TableSpec table{.name = {}, .help = {}, .keys = kBlockMixKeys};
  return table;
}

std::span<const std::string_view> engine_names() { return kEngines; }

}  // namespace iogate::thresholds_detail
