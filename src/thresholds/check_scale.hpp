// A check run at another scale than its file's, without editing the file: `iogate check FILE
// --file-size SIZE`, `--size SIZE` or `--duration DURATION` give every check it runs that test
// file size, that amount to move or that time to run (an imported job scaled down for a quick
// gate, or up for a soak).
//
// rescale_check() is the one place the override is applied: each check is rescaled before any of
// them runs, and everything after (the layout, the runs, the record, every report) sees only the
// rescaled check, so each report shows the workload that ran, never the file's.
//
// What each flag sets (each flag is its threshold key's name):
//   --file-size  file_size.
//   --size       the amount: the check runs by size, moving this much; a duration it had (a
//                time-based check, or a time cap beside its size) is dropped.
//   --duration   the time: the check runs by time, this long; a size it had is dropped.
// --size and --duration are alternatives. Values read as a threshold file's (units.hpp: "8GiB",
// "90s", a bare number is bytes or seconds) and must be above 0, as there. A file_size the file
// does not give (Check::file_size_implied) is derived again from the new amount, as the format
// derives it: --size moves it along; after --duration there is none, and the rescaled check is
// refused unless --file-size gives one, as a time-based check without file_size is in a file.
// The rescaled workload is held to the workload rules (find_workload_problem, workload_rules.hpp)
// exactly as a file's is, and refused naming the check and the flags. A ctest timeout derived
// from the workload (Check::timeout_derived) is derived again; a written one stays.
//
// A check whose bound depends on what a flag would change is refused, never run at a scale its
// bounds were not written for ("pinned"); a flag that leaves its key as the check has it changes
// nothing and pins nothing:
//   - a bound relative to a baseline ("90% of baseline") pins all three: the baseline holds the
//     figures of the file's workload (and the runner fails a check whose workload differs from
//     the one its baseline was recorded with);
//   - duration_max pins size and duration: it bounds the time of the file's amount (the time to
//     move its size; the length of its time-based window), not a rate;
//   - kind = integrity pins size and duration: it writes its whole file and reads it back,
//     whatever either says (--file-size scales it).
// The rest scale: iops, mbps and latency bounds are figures of rate and service time, whatever the
// amount; cv_max, stall_max and settled judge the runs' spread, their one-second intervals and
// the steady-state phase, which comes before the measured amount with its own times; a bound "of
// peers" is judged by `iogate fleet` among the records of the same workload (it groups hosts by
// the workload recorded, so a rescaled run is compared with rescaled runs only). A
// layout_write_size is the size of the writes that lay the file out, and lays out a file of any
// size.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "iogate/common/units.hpp"
#include "iogate/engine/workload_keys.hpp"
#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {

struct ScaleOverride {
  std::optional<std::uint64_t> file_size = std::nullopt;  // --file-size
  std::optional<std::uint64_t> io_size = std::nullopt;    // --size: run by size
  std::optional<Nanoseconds> duration = std::nullopt;     // --duration: run by time
  bool empty() const { return !file_size && !io_size && !duration; }
};

// The flag that overrides `field` (file_size, io_size or duration): its threshold key as a flag,
// "--file-size", "--size", "--duration".
std::string scale_flag(WorkloadField field);

// The flags' values as given (none: not given), read with the threshold format's units and
// limits. Throws std::invalid_argument naming the flag: "--size 8q: expected a size like ...",
// "--duration 0: expected a duration longer than 0", both --size and --duration.
ScaleOverride read_scale_override(const std::optional<std::string>& file_size,
                                  const std::optional<std::string>& size,
                                  const std::optional<std::string>& duration);

// "--file-size 64 MiB, --duration 2.00s": the override as the console states it.
std::string scale_text(const ScaleOverride& scale);

// Why a check cannot be rescaled: "check seq_write_8k_8g: --size would change what duration_max
// = 3m bounds, the time to move 8 GiB: ...".
class ScaleRefused : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// `check` as it runs with `scale` (itself when `scale` is empty). Throws ScaleRefused naming the
// check, the flag and why: a check that `scale` would pin, or a rescaled workload the rules
// refuse.
Check rescale_check(const Check& check, const ScaleOverride& scale);

}  // namespace iogate
