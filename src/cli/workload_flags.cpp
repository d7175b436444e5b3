#include "workload_flags.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "iogate/engine/io_backend.hpp"
#include "iogate/engine/workload_rules.hpp"
#include "iogate/units.hpp"

namespace iogate::cli {
namespace {

template <typename Parse>
auto parse_flag(const char* flag, const std::string& text, Parse parse) {
  try {
    return parse(text);
  } catch (const UnitError& e) {
    throw std::invalid_argument(std::string(flag) + ": " + e.what());
  }
}

// A class named by a flag, or none when the flag was not given.
IoPriority priority_flag(const char* flag, const std::optional<std::string>& text) {
  if (!text) return {};
  if (const std::optional<IoPriority> priority = parse_priority(*text)) return *priority;
  throw std::invalid_argument(std::string(flag) + ": expected " + std::string(kPriorityExpected));
}

// Digits only, within 64 bits: no sign, no wrap-around, no silent clamping to the maximum.
std::uint64_t parse_seed(const std::string& text) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end)
    throw std::invalid_argument("--seed " + text +
                                ": expected a whole number from 0 (a fresh seed per run) to " +
                                std::to_string(std::numeric_limits<std::uint64_t>::max()));
  return value;
}

// fio's bssplit syntax, one list for reads and writes alike: SIZE/PCT[:SIZE/PCT...], the sizes
// in iogate's units (fio's too, with its default kb_base: 4k = 4096). The mix's own rules (sum,
// distinct sizes, ...) are validate_workload's.
std::vector<BlockSizeShare> parse_bssplit(const std::string& text) {
  const auto bad = [&](const std::string& why) {
    return std::invalid_argument("--bssplit " + text + ": " + why +
                                 " (expected SIZE/PCT[:SIZE/PCT...], e.g. 4k/60:64k/40)");
  };
  if (text.find(',') != std::string::npos)
    throw bad("separate read and write mixes (a ',') are not supported: give one mix for both");
  std::vector<BlockSizeShare> mix;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(':', start), text.size());
    const std::string entry = text.substr(start, end - start);
    const std::size_t slash = entry.find('/');
    if (slash == std::string::npos || slash == 0 || slash + 1 == entry.size())
      throw bad("\"" + entry + "\" is not SIZE/PCT");
    BlockSizeShare share;
    try {
      share.block_size = parse_size(entry.substr(0, slash));
      share.pct = parse_percent(entry.substr(slash + 1));
    } catch (const UnitError& e) {
      throw bad("\"" + entry + "\": " + e.what());
    }
    mix.push_back(share);
    start = end + 1;
  }
  return mix;
}

}  // namespace

void WorkloadFlags::add_to(CLI::App& sub) {
  sub.add_option("--bs", bs, "Block size, e.g. 8k (default 4k)");
  sub.add_option("--bssplit", bssplit,
                 "Block-size mix, fio's syntax: SIZE/PCT of the I/Os, e.g. 4k/60:64k/40 (instead "
                 "of --bs, which becomes the smallest size)");
  sub.add_option("--read", read, "Share of reads, 0..100%")->capture_default_str();
  sub.add_option("--random", random, "Share of random I/Os, 0..100% (IOMeter semantics)")
      ->capture_default_str();
  sub.add_option("--random-distribution", random_distribution,
                 "Where random I/Os land, fio's spelling: random (uniform), zipf:1.2, pareto:0.9, "
                 "normal:10, zoned:60/10:40/90 (60% of them in the first 10% of the file)")
      ->capture_default_str();
  sub.add_option("--block-align", block_align,
                 "Align random offsets to this, a multiple of the block size, e.g. 4k (fio's "
                 "blockalign; default the block size)");
  sub.add_option("--qd", qd, "Outstanding I/Os")->capture_default_str()->check(CLI::Range(1, 4096));
  sub.add_option("--size", size, "Size-based: bytes to transfer, e.g. 8GiB");
  sub.add_option("--time", time, "Time-based: measured duration, e.g. 30s");
  sub.add_option("--file-size", file_size,
                 "Test file size (default: --size; a time-based run needs it)");
  sub.add_option("--ramp", ramp, "Ramp-up excluded from the figures, e.g. 2s")
      ->capture_default_str();
  sub.add_option("--direct", direct, "1: O_DIRECT, 0: buffered")
      ->capture_default_str()
      ->check(CLI::Range(0, 1));
  sub.add_option("--flush", flush, "end: fdatasync before the clock stops; none")
      ->capture_default_str()
      ->check(CLI::IsMember({"end", "none"}));
  sub.add_flag("--write-through", write_through,
               "Each write completes only once on stable storage (O_DSYNC)");
  sub.add_option("--engine", engine,
                 "I/O engine: auto (first usable of io_uring, libaio, psync), io_uring, libaio, "
                 "psync")
      ->capture_default_str();
  sub.add_option("--seed", seed, "Random seed (0: fresh)")->capture_default_str();
  sub.add_option("--workers", workers, "Threads, each on its own region of the file with --qd")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  sub.add_flag("--verify", verify, "Stamp every written block and check every read one");
  sub.add_option("--kind", kind,
                 "mixed: the --read/--random mix; integrity: write the file, flush, read it all "
                 "back verified")
      ->capture_default_str()
      ->check(CLI::IsMember({"mixed", "integrity"}));
  sub.add_option("--layout", layout,
                 "Test file before the run: written (every block written first, like IOMeter and "
                 "fio), preallocated (fallocate only; write-only workloads), grown (empty, the "
                 "writes grow it, like dd to a new file; write-only workloads)")
      ->capture_default_str()
      ->check(CLI::IsMember({"written", "preallocated", "grown"}));
  sub.add_option("--layout-write-size", layout_write_size,
                 "Size of the writes that lay out a written file (default: the largest I/O, as "
                 "fio; IOMeter prepares its file in 64k writes)");
  sub.add_option("--rate-iops", rate_iops, "Issue at most this many I/Os per second (0: no cap)")
      ->check(CLI::NonNegativeNumber);
  sub.add_option("--rate-mbps", rate_mbps, "Issue at most this many MiB per second (0: no cap)")
      ->check(CLI::NonNegativeNumber);
  sub.add_option("--rate-process", rate_process,
                 "How the rate cap spaces its issues: linear (one every 1/rate s) or poisson "
                 "(exponential gaps of that mean, fio's rate_process)")
      ->capture_default_str()
      ->check(CLI::IsMember({"linear", "poisson"}));
  sub.add_option("--priority", priority,
                 "I/O priority class of every I/O, as ionice names them: rt:N or be:N (N from 0, "
                 "the highest, to 7) or idle (fio's prioclass and prio)");
  sub.add_option("--cmd-priority", cmd_priority,
                 "The class a share of the I/Os is issued at, each drawn (fio's cmdprio_class and "
                 "cmdprio; io_uring or libaio): needs --cmd-priority-share");
  sub.add_option("--cmd-priority-share", cmd_priority_share,
                 "The share of the I/Os issued at --cmd-priority, e.g. 20% (fio's "
                 "cmdprio_percentage); their latency is reported apart");
  sub.add_option("--think-time", think_time,
                 "Pause this long after every --think-blocks I/Os have completed, e.g. 2ms (fio's "
                 "thinktime)");
  sub.add_option("--think-blocks", think_blocks,
                 "I/Os between two --think-time pauses, and the most in flight")
      ->capture_default_str()
      ->check(CLI::Range(1, static_cast<int>(kMaxThinkBlocks)));
  sub.add_option("--steady-state", steady_state,
                 "After --ramp, run until this figure is steady, then measure, in fio's spelling: "
                 "iops:10%, bw_slope:1%, lat:5% (needs --steady-window)");
  sub.add_option("--steady-window", steady_window,
                 "With --steady-state: the time over which the figure must be steady, e.g. 30s");
  sub.add_option("--steady-interval", steady_interval,
                 "With --steady-state: one sample of the window (default 1s)");
  sub.add_option("--steady-max", steady_max,
                 "With --steady-state: the longest wait, then measure anyway (default five "
                 "windows)");
}

SteadyState WorkloadFlags::steady_state_rule() const {
  if (!steady_state) {
    if (steady_window || steady_max || steady_interval)
      throw std::invalid_argument(
          "--steady-window, --steady-interval and --steady-max time a steady-state phase: give "
          "--steady-state too, like --steady-state iops:10%");
    return {};
  }
  SteadyState rule;
  if (auto problem = parse_steady_criterion(*steady_state, rule))
    throw std::invalid_argument("--steady-state: " + *problem);
  if (!steady_window)
    throw std::invalid_argument(
        "--steady-state needs --steady-window, the time over which the figure must be steady, "
        "like 30s");
  rule.window = parse_flag("--steady-window", *steady_window, parse_duration);
  if (steady_interval)
    rule.interval = parse_flag("--steady-interval", *steady_interval, parse_duration);
  rule.max_wait = steady_max ? parse_flag("--steady-max", *steady_max, parse_duration)
                             : kDefaultMaxWaitWindows * rule.window;
  return rule;
}

WorkloadSpec WorkloadFlags::to_spec() const {
  WorkloadSpec spec;
  if (bs && bssplit)
    throw std::invalid_argument(
        "--bs and --bssplit: give one (with --bssplit, block_size is "
        "the mix's smallest size)");
  if (bssplit) {
    spec.block_mix = parse_bssplit(*bssplit);
    spec.block_size = block_size_of_mix(spec.block_mix);
  } else {
    spec.block_size = parse_flag("--bs", bs.value_or("4k"), parse_size);
  }
  spec.read_pct = parse_flag("--read", read, parse_percent);
  spec.random_pct = parse_flag("--random", random, parse_percent);
  ParsedDistribution distribution = parse_random_distribution(random_distribution);
  if (!distribution.distribution)
    throw std::invalid_argument("--random-distribution: " + distribution.problem);
  spec.random_distribution = std::move(*distribution.distribution);
  if (block_align) spec.block_align = parse_flag("--block-align", *block_align, parse_size);
  spec.queue_depth = qd;
  if (size) spec.io_size = parse_flag("--size", *size, parse_size);
  if (time) spec.duration = parse_flag("--time", *time, parse_duration);
  if (kind == "integrity") {
    spec.kind = WorkloadKind::integrity;
    // Its passes are fixed (all writes, then all reads, sequential): a mix given here would be
    // recorded as run while it was not.
    if (spec.read_pct != 0 || spec.random_pct != 0)
      throw std::invalid_argument(
          "--kind integrity writes the whole file, then reads it all back verified: --read and "
          "--random do not apply to it (got --read " +
          read + ", --random " + random + ")");
  }
  if (!size && !time && spec.kind != WorkloadKind::integrity)
    throw std::invalid_argument("give --size (size-based) or --time (time-based)");
  if (file_size) {
    spec.file_size = parse_flag("--file-size", *file_size, parse_size);
  } else if (const auto implied =
                 implied_file_size(size ? std::optional(spec.io_size) : std::nullopt)) {
    spec.file_size = *implied;
  } else {
    throw std::invalid_argument(
        "a time-based run needs --file-size: the test file's size, like 1GiB (it decides how "
        "much of the file a cache holds)");
  }
  spec.ramp = parse_flag("--ramp", ramp, parse_duration);
  spec.direct = direct != 0;
  spec.flush = flush == "none" ? FlushPolicy::none : FlushPolicy::end;
  spec.write_through = write_through;
  // A named engine must be usable here: never a silent fallback to another.
  if (const auto why = backend_unavailable(engine); why && engine != "auto") {
    throw std::invalid_argument("--engine " + engine + ": " + *why);
  }
  spec.engine = engine;
  spec.seed = parse_seed(seed);
  spec.workers = workers;
  spec.verify = verifies(spec.kind, verify);
  spec.rate_iops = rate_iops;
  spec.rate_mbps = rate_mbps;
  spec.rate_process = parse_rate_process(rate_process).value_or(RateProcess::linear);
  if (think_time) spec.think_time = parse_flag("--think-time", *think_time, parse_duration);
  spec.think_blocks = think_blocks;
  spec.priority = priority_flag("--priority", priority);
  spec.cmd_priority = priority_flag("--cmd-priority", cmd_priority);
  if (cmd_priority_share)
    spec.cmd_priority_pct = parse_flag("--cmd-priority-share", *cmd_priority_share, parse_percent);
  spec.steady_state = steady_state_rule();
  const std::optional<FileLayout> chosen = parse_layout(layout);
  if (!chosen)
    throw std::invalid_argument("--layout " + layout + ": expected written, preallocated or grown");
  spec.layout = *chosen;
  if (layout_write_size)
    spec.layout_write_size = parse_flag("--layout-write-size", *layout_write_size, parse_size);
  return spec;
}

}  // namespace iogate::cli
