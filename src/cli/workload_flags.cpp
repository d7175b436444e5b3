#include "workload_flags.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "iogate/common/units.hpp"
#include "iogate/engine/io_backend.hpp"
#include "iogate/engine/workload_rules.hpp"

namespace iogate::cli {
namespace {

using F = WorkloadField;

// `field`'s flag, for a message.
std::string flag(WorkloadField field) { return std::string(workload_flag(field)); }

template <typename Parse>
auto parse_flag(WorkloadField field, const std::string& text, Parse parse) {
  try {
    return parse(text);
  } catch (const UnitError& e) {
    throw std::invalid_argument(flag(field) + ": " + e.what());
  }
}

// A class named by a flag, or none when the flag was not given.
IoPriority priority_flag(WorkloadField field, const std::optional<std::string>& text) {
  if (!text) return {};
  if (const std::optional<IoPriority> priority = parse_priority(*text)) return *priority;
  throw std::invalid_argument(flag(field) + ": expected " + std::string(kPriorityExpected));
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
    return std::invalid_argument(flag(F::block_mix) + " " + text + ": " + why +
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

// The whole range the workload's table gives `field`'s key.
CLI::Range table_range(WorkloadField field) {
  const KeySpec& spec = workload_key_row(field).spec;
  return CLI::Range(static_cast<std::int64_t>(spec.min.value_or(0)),
                    static_cast<std::int64_t>(spec.max.value_or(0)));
}

// The choices the workload's table gives `field`'s key.
CLI::IsMember table_choices(WorkloadField field) {
  const auto choices = workload_key_row(field).spec.choices;
  return CLI::IsMember(std::vector<std::string>(choices.begin(), choices.end()));
}

}  // namespace

void WorkloadFlags::add_to(CLI::App& sub) {
  // Each flag as the workload's table names it, with the table's help line.
  const auto add = [&sub](WorkloadField field, auto& value) {
    const WorkloadKeyRow& row = workload_key_row(field);
    return sub.add_option(std::string(row.flag), value, std::string(row.flag_help));
  };
  const auto add_flag = [&sub](WorkloadField field, bool& value) {
    const WorkloadKeyRow& row = workload_key_row(field);
    return sub.add_flag(std::string(row.flag), value, std::string(row.flag_help));
  };
  add(F::block_size, bs);
  add(F::block_mix, bssplit);
  add(F::read_pct, read)->capture_default_str();
  add(F::random_pct, random)->capture_default_str();
  add(F::random_distribution, random_distribution)->capture_default_str();
  add(F::block_align, block_align);
  add(F::queue_depth, qd)->capture_default_str()->check(table_range(F::queue_depth));
  add(F::io_size, size);
  add(F::duration, time);
  add(F::file_size, file_size);
  add(F::ramp, ramp)->capture_default_str();
  add(F::direct, direct)->capture_default_str()->check(CLI::Range(0, 1));
  add(F::flush, flush)->capture_default_str()->check(table_choices(F::flush));
  add_flag(F::write_through, write_through);
  add(F::engine, engine)->capture_default_str();
  sub.add_option("--seed", seed, "Random seed (0: fresh)")->capture_default_str();
  add(F::workers, workers)->capture_default_str()->check(table_range(F::workers));
  add_flag(F::verify, verify);
  add(F::kind, kind)->capture_default_str()->check(table_choices(F::kind));
  add(F::layout, layout)->capture_default_str()->check(table_choices(F::layout));
  add(F::layout_write_size, layout_write_size);
  add(F::rate_iops, rate_iops)->check(CLI::NonNegativeNumber);
  add(F::rate_mbps, rate_mbps)->check(CLI::NonNegativeNumber);
  add(F::rate_process, rate_process)->capture_default_str()->check(table_choices(F::rate_process));
  add(F::priority, priority);
  add(F::cmd_priority, cmd_priority);
  add(F::cmd_priority_pct, cmd_priority_share);
  add(F::think_time, think_time);
  add(F::think_blocks, think_blocks)->capture_default_str()->check(table_range(F::think_blocks));
  add(F::steady_state, steady_state);
  add(F::steady_window, steady_window);
  add(F::steady_interval, steady_interval);
  add(F::steady_max, steady_max);
  add(F::cpu_affinity, cpu_affinity)->capture_default_str();
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
    throw std::invalid_argument(flag(F::steady_state) + ": " + *problem);
  if (!steady_window)
    throw std::invalid_argument(
        "--steady-state needs --steady-window, the time over which the figure must be steady, "
        "like 30s");
  rule.window = parse_flag(F::steady_window, *steady_window, parse_duration);
  if (steady_interval)
    rule.interval = parse_flag(F::steady_interval, *steady_interval, parse_duration);
  rule.max_wait = steady_max ? parse_flag(F::steady_max, *steady_max, parse_duration)
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
    spec.block_size = parse_flag(F::block_size, bs.value_or("4k"), parse_size);
  }
  spec.read_pct = parse_flag(F::read_pct, read, parse_percent);
  spec.random_pct = parse_flag(F::random_pct, random, parse_percent);
  ParsedDistribution distribution = parse_random_distribution(random_distribution);
  if (!distribution.distribution)
    throw std::invalid_argument(flag(F::random_distribution) + ": " + distribution.problem);
  spec.random_distribution = std::move(*distribution.distribution);
  if (block_align) spec.block_align = parse_flag(F::block_align, *block_align, parse_size);
  spec.queue_depth = qd;
  if (size) spec.io_size = parse_flag(F::io_size, *size, parse_size);
  if (time) spec.duration = parse_flag(F::duration, *time, parse_duration);
  if (kWorkloadKinds.parse(kind) == WorkloadKind::integrity) {
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
    spec.file_size = parse_flag(F::file_size, *file_size, parse_size);
  } else if (const auto implied =
                 implied_file_size(size ? std::optional(spec.io_size) : std::nullopt)) {
    spec.file_size = *implied;
  } else {
    throw std::invalid_argument(
        "a time-based run needs --file-size: the test file's size, like 1GiB (it decides how "
        "much of the file a cache holds)");
  }
  spec.ramp = parse_flag(F::ramp, ramp, parse_duration);
  spec.direct = direct != 0;
  spec.flush = kFlushPolicies.parse(flush).value_or(FlushPolicy::end);
  spec.write_through = write_through;
  // A named engine must be usable here: never a silent fallback to another.
  if (const auto why = backend_unavailable(engine); why && engine != "auto") {
    throw std::invalid_argument(flag(F::engine) + " " + engine + ": " + *why);
  }
  spec.engine = engine;
  spec.seed = parse_seed(seed);
  spec.workers = workers;
  spec.verify = verifies(spec.kind, verify);
  spec.rate_iops = rate_iops;
  spec.rate_mbps = rate_mbps;
  spec.rate_process = kRateProcesses.parse(rate_process).value_or(RateProcess::linear);
  if (think_time) spec.think_time = parse_flag(F::think_time, *think_time, parse_duration);
  spec.think_blocks = think_blocks;
  spec.priority = priority_flag(F::priority, priority);
  spec.cmd_priority = priority_flag(F::cmd_priority, cmd_priority);
  if (cmd_priority_share)
    spec.cmd_priority_pct = parse_flag(F::cmd_priority_pct, *cmd_priority_share, parse_percent);
  spec.steady_state = steady_state_rule();
  const std::optional<FileLayout> chosen = kFileLayouts.parse(layout);
  if (!chosen)
    throw std::invalid_argument(flag(F::layout) + " " + layout + ": expected " +
                                choices_text(kFileLayouts.names, false));
  spec.layout = *chosen;
  ParsedAffinity affinity = parse_cpu_affinity(cpu_affinity);
  if (!affinity.affinity)
    throw std::invalid_argument(flag(F::cpu_affinity) + ": " + affinity.problem);
  spec.cpu_affinity = std::move(*affinity.affinity);
  if (layout_write_size)
    spec.layout_write_size = parse_flag(F::layout_write_size, *layout_write_size, parse_size);
  return spec;
}

}  // namespace iogate::cli
