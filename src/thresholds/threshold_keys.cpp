// The tables of threshold_keys.hpp. Each lists its keys in the order errors name them ("valid keys
// here are ..."). A limit a reader names is its constant here too; the plain ones (above 0, 0 to
// 100) are written out, and threshold_keys_gtest holds them to the readers.
#include "threshold_keys.hpp"

#include <array>
#include <chrono>
#include <vector>

#include "expectation_keys.hpp"
#include "iogate/engine/workload_keys.hpp"
#include "iogate/thresholds/threshold_file.hpp"
#include "repetition_keys.hpp"

namespace iogate::thresholds_detail {
namespace {

constexpr double seconds(std::chrono::seconds s) {
  return std::chrono::duration<double>(s).count();
}
constexpr double bytes(std::uint64_t b) { return static_cast<double>(b); }

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
  static const std::vector<KeySpec> keys = [] {
    std::vector<KeySpec> specs;
    for (const WorkloadKeyRow& row : workload_key_rows()) specs.push_back(row.spec);
    return specs;
  }();
  static const TableSpec table{
      .name = "workload", .help = "A workload: what a check runs", .keys = keys};
  return table;
}

}  // namespace iogate::thresholds_detail
