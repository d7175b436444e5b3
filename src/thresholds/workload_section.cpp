#include "workload_section.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "iogate/display_text.hpp"
#include "iogate/engine/workload_toml.hpp"

namespace iogate::thresholds_detail {
namespace {

template <class T>
Field<T> field(const Section& s, const toml::node& n, std::string_view key, T value) {
  return Field<T>{std::move(value), n.source(), s.path(key)};
}

// A size that must be at least one byte.
std::uint64_t positive_size(const Section& s, const toml::node& n, std::string_view key) {
  const std::uint64_t bytes = size_value(s, n, key);
  if (bytes == 0) s.fail(n, key, "expected a size greater than 0");
  return bytes;
}

void read_sizes(const Section& s, const toml::table& t, WorkloadFields& out) {
  if (const toml::node* n = t.get("block_size")) {
    const std::uint64_t bytes = positive_size(s, *n, "block_size");
    if (const auto problem = block_size_problem(bytes)) s.fail(*n, "block_size", *problem);
    out.block_size = field(s, *n, "block_size", bytes);
  }
  if (const toml::node* n = t.get("file_size"))
    out.file_size = field(s, *n, "file_size", positive_size(s, *n, "file_size"));
  if (const toml::node* n = t.get("size"))
    out.io_size = field(s, *n, "size", positive_size(s, *n, "size"));
  if (const toml::node* n = t.get("block_align"))
    out.block_align = field(s, *n, "block_align", positive_size(s, *n, "block_align"));
}

// block_mix = [ { size = "4KiB", pct = 60 }, { size = "64KiB", pct = 40 } ]: each entry's own
// mistakes at the entry ("workload.block_mix[2].pct"), the mix's as a whole (the sum, a size
// that is no multiple of the smallest) at the array.
void read_block_mix(const Section& s, const toml::table& t, WorkloadFields& out) {
  const toml::node* n = t.get("block_mix");
  if (n == nullptr) return;
  const toml::array* array = n->as_array();
  if (array == nullptr || array->empty()) {
    s.fail(*n, "block_mix",
           fmt::format(R"(expected an array of {{ size = "4KiB", pct = 60 }} tables, got {})",
                       describe(*n)));
  }
  std::vector<BlockSizeShare> mix;
  for (std::size_t i = 0; i < array->size(); ++i) {
    const toml::node& entry = *array->get(i);
    const std::string key = fmt::format("block_mix[{}]", i + 1);
    const toml::table* table = entry.as_table();
    if (table == nullptr) {
      s.fail(entry, key,
             fmt::format(R"(expected a table like {{ size = "4KiB", pct = 60 }}, got {})",
                         describe(entry)));
    }
    const Section inner{s.file, s.owner, s.table.empty() ? key : s.table + "." + key};
    reject_unknown_keys(inner, *table, block_mix_table());
    const toml::node* size = table->get("size");
    const toml::node* pct = table->get("pct");
    if (size == nullptr || pct == nullptr) {
      s.fail(entry, key,
             fmt::format("missing required key {}: each size of the mix needs size and pct",
                         size == nullptr ? "size" : "pct"));
    }
    BlockSizeShare share{size_value(inner, *size, "size"), percent_value(inner, *pct, "pct")};
    if (const auto problem = block_size_problem(share.block_size))
      inner.fail(*size, "size", *problem);
    if (!(share.pct > 0)) inner.fail(*pct, "pct", "expected a share above 0%");
    for (std::size_t j = 0; j < mix.size(); ++j) {
      if (mix[j].block_size == share.block_size) {
        inner.fail(*size, "size",
                   fmt::format("{} is in the mix already (block_mix[{}]): give each size once, "
                               "with its whole share",
                               format_size(share.block_size), j + 1));
      }
    }
    mix.push_back(share);
  }
  if (const auto problem = block_mix_problem(mix)) s.fail(*n, "block_mix", *problem);
  out.block_mix = field(s, *n, "block_mix", std::move(mix));
}

void read_mix(const Section& s, const toml::table& t, WorkloadFields& out) {
  if (const toml::node* n = t.get("read"))
    out.read_pct = field(s, *n, "read", percent_value(s, *n, "read"));
  if (const toml::node* n = t.get("random"))
    out.random_pct = field(s, *n, "random", percent_value(s, *n, "random"));
  if (const toml::node* n = t.get("random_distribution")) {
    ParsedDistribution parsed =
        parse_random_distribution(string_value(s, *n, "random_distribution"));
    if (!parsed.distribution) s.fail(*n, "random_distribution", parsed.problem);
    out.random_distribution = field(s, *n, "random_distribution", std::move(*parsed.distribution));
  }
  if (const toml::node* n = t.get("queue_depth")) {
    const std::int64_t depth = integer_value(s, *n, "queue_depth");
    if (const auto problem = queue_depth_problem(depth)) s.fail(*n, "queue_depth", *problem);
    out.queue_depth = field(s, *n, "queue_depth", static_cast<unsigned>(depth));
  }
}

// steady_state = "iops:10%" with its window, interval and longest wait, each a time above 0.
void read_steady_state(const Section& s, const toml::table& t, WorkloadFields& out) {
  if (const toml::node* n = t.get("steady_state")) {
    SteadyState rule;
    if (auto problem = parse_steady_criterion(string_value(s, *n, "steady_state"), rule))
      s.fail(*n, "steady_state", *problem);
    out.steady_state = field(s, *n, "steady_state", rule);
  }
  const auto positive = [&](std::string_view key, std::optional<Field<Nanoseconds>>& into) {
    const toml::node* n = t.get(key);
    if (n == nullptr) return;
    const Nanoseconds d = duration_value(s, *n, key);
    if (d <= Nanoseconds::zero()) s.fail(*n, key, "expected a duration longer than 0");
    into = field(s, *n, key, d);
  };
  positive("steady_window", out.steady_window);
  positive("steady_interval", out.steady_interval);
  positive("steady_max", out.steady_max);
}

void read_times(const Section& s, const toml::table& t, WorkloadFields& out) {
  if (const toml::node* n = t.get("duration")) {
    const Nanoseconds d = duration_value(s, *n, "duration");
    if (d <= Nanoseconds::zero()) s.fail(*n, "duration", "expected a duration longer than 0");
    out.duration = field(s, *n, "duration", d);
  }
  if (const toml::node* n = t.get("ramp"))
    out.ramp = field(s, *n, "ramp", duration_value(s, *n, "ramp"));
  if (const toml::node* n = t.get("think_time")) {
    const Nanoseconds d = duration_value(s, *n, "think_time");
    // Leaving the key out says "no pause"; "0s" written is a mistake said at its line.
    if (d <= Nanoseconds::zero()) s.fail(*n, "think_time", "expected a duration longer than 0");
    out.think_time = field(s, *n, "think_time", d);
  }
  if (const toml::node* n = t.get("think_blocks")) {
    const std::int64_t blocks = integer_value(s, *n, "think_blocks");
    if (const auto problem = think_blocks_problem(blocks)) s.fail(*n, "think_blocks", *problem);
    out.think_blocks = field(s, *n, "think_blocks", static_cast<unsigned>(blocks));
  }
  read_steady_state(s, t, out);
}

void read_options(const Section& s, const toml::table& t, WorkloadFields& out) {
  if (const toml::node* n = t.get("direct"))
    out.direct = field(s, *n, "direct", bool_value(s, *n, "direct"));
  if (const toml::node* n = t.get("flush")) {
    const std::string text = string_value(s, *n, "flush");
    if (text != "end" && text != "none") {
      s.fail(*n, "flush", fmt::format(R"(expected "end" or "none", got "{}")", text));
    }
    out.flush = field(s, *n, "flush", text == "end" ? FlushPolicy::end : FlushPolicy::none);
  }
  if (const toml::node* n = t.get("write_through"))
    out.write_through = field(s, *n, "write_through", bool_value(s, *n, "write_through"));
  if (const toml::node* n = t.get("engine")) {
    std::string name = string_value(s, *n, "engine");
    const auto engines = engine_names();
    if (std::find(engines.begin(), engines.end(), name) == engines.end()) {
      s.fail(*n, "engine",
             fmt::format(R"(expected one of {}, got "{}")", fmt::join(engines, ", "), name));
    }
    out.engine = field(s, *n, "engine", std::move(name));
  }
}

// Workers, verification, the workload kind, the file's layout and the rate cap.
void read_engine_options(const Section& s, const toml::table& t, WorkloadFields& out) {
  if (const toml::node* n = t.get("workers")) {
    const std::int64_t workers = integer_value(s, *n, "workers");
    if (const auto problem = workers_problem(workers)) s.fail(*n, "workers", *problem);
    out.workers = field(s, *n, "workers", static_cast<unsigned>(workers));
  }
  if (const toml::node* n = t.get("verify"))
    out.verify = field(s, *n, "verify", bool_value(s, *n, "verify"));
  if (const toml::node* n = t.get("kind")) {
    const std::string text = string_value(s, *n, "kind");
    if (text != "mixed" && text != "integrity") {
      s.fail(*n, "kind", fmt::format(R"(expected "mixed" or "integrity", got "{}")", text));
    }
    out.kind =
        field(s, *n, "kind", text == "integrity" ? WorkloadKind::integrity : WorkloadKind::mixed);
  }
  if (const toml::node* n = t.get("layout")) {
    const std::string text = string_value(s, *n, "layout");
    const std::optional<FileLayout> layout = parse_layout(text);
    if (!layout) {
      s.fail(*n, "layout",
             fmt::format(R"(expected "written", "preallocated" or "grown", got "{}")", text));
    }
    out.layout = field(s, *n, "layout", *layout);
  }
  if (const toml::node* n = t.get("layout_write_size"))
    out.layout_write_size =
        field(s, *n, "layout_write_size", positive_size(s, *n, "layout_write_size"));
  for (const char* key : {"rate_iops", "rate_mbps"}) {
    const toml::node* n = t.get(key);
    if (n == nullptr) continue;
    const std::optional<double> rate = n->is_boolean() ? std::nullopt : n->value<double>();
    // Positive, not just >= 0 as the engine allows: "no cap" is said by leaving the key out.
    if (!rate || !(*rate > 0) || !std::isfinite(*rate)) {
      s.fail(*n, key, "expected a positive number (I/Os per second, or MiB/s for rate_mbps)");
    }
    (key == std::string_view("rate_iops") ? out.rate_iops : out.rate_mbps) =
        field(s, *n, key, *rate);
  }
  if (const toml::node* n = t.get("rate_process")) {
    const std::string text = string_value(s, *n, "rate_process");
    const std::optional<RateProcess> process = parse_rate_process(text);
    if (!process) {
      s.fail(*n, "rate_process",
             fmt::format(R"(expected "linear" or "poisson", got {})", quoted_excerpt(text)));
    }
    out.rate_process = field(s, *n, "rate_process", *process);
  }
  for (const char* key : {"priority", "cmd_priority"}) {
    const toml::node* n = t.get(key);
    if (n == nullptr) continue;
    const std::string text = string_value(s, *n, key);
    const std::optional<IoPriority> priority = parse_priority(text);
    if (!priority)
      s.fail(*n, key, fmt::format("expected {}, got {}", kPriorityExpected, quoted_excerpt(text)));
    (key == std::string_view("priority") ? out.priority : out.cmd_priority) =
        field(s, *n, key, *priority);
  }
  if (const toml::node* n = t.get("cmd_priority_share")) {
    const double pct = percent_value(s, *n, "cmd_priority_share");
    if (!(pct > 0)) s.fail(*n, "cmd_priority_share", "expected a share above 0%");
    out.cmd_priority_pct = field(s, *n, "cmd_priority_share", pct);
  }
}

template <class T>
const std::optional<Field<T>>& pick(const std::optional<Field<T>>& own,
                                    const std::optional<Field<T>>& fallback) {
  return own ? own : fallback;
}

// Where the value a rule names was written: the check's own table, else [defaults]; nullptr
// when neither wrote it (the format's default broke the rule).
const WrittenAt* written_at(std::string_view key, const WorkloadFields& own,
                            const WorkloadFields& defaults) {
  for (const WorkloadFields* fields : {&own, &defaults}) {
    const auto it = fields->written.find(std::string(key));
    if (it != fields->written.end()) return &it->second;
  }
  return nullptr;
}

// The steady-state rule: its criterion and window given (or lent by [defaults]), the interval one
// second and the longest wait kDefaultMaxWaitWindows windows unless given; a time without a
// criterion is a mistake at its line.
SteadyState resolve_steady_state(const WorkloadFields& own, const WorkloadFields& defaults,
                                 const Section& check) {
  const auto& criterion = pick(own.steady_state, defaults.steady_state);
  const auto& window = pick(own.steady_window, defaults.steady_window);
  const auto& interval = pick(own.steady_interval, defaults.steady_interval);
  const auto& max_wait = pick(own.steady_max, defaults.steady_max);
  if (!criterion) {
    for (const auto* time : {&window, &interval, &max_wait}) {
      if (*time)
        check.fail((*time)->where, (*time)->path,
                   "times a steady-state phase, and there is no steady_state: give one, like "
                   "steady_state = \"iops:10%\", or leave this out");
    }
    return {};
  }
  if (!window) {
    check.fail(criterion->where, criterion->path,
               "needs steady_window, the time over which the figure must be steady, like "
               "steady_window = \"30s\"");
  }
  SteadyState rule = criterion->value;
  rule.window = window->value;
  if (interval) rule.interval = interval->value;
  rule.max_wait = max_wait ? max_wait->value : kDefaultMaxWaitWindows * rule.window;
  return rule;
}

}  // namespace

WorkloadFields read_workload_fields(const Section& section, const toml::table& table) {
  reject_unknown_keys(section, table, workload_table());
  WorkloadFields out;
  read_sizes(section, table, out);
  read_block_mix(section, table, out);
  read_mix(section, table, out);
  read_times(section, table, out);
  read_options(section, table, out);
  read_engine_options(section, table, out);
  for (const auto& [key, node] : table)
    out.written.emplace(std::string(key.str()), WrittenAt{node.source(), section.path(key.str())});
  return out;
}

WorkloadSpec resolve_workload(const WorkloadFields& own, const WorkloadFields& defaults,
                              const Section& check, const toml::source_region& table_where) {
  // block_size and block_mix are one choice: a check that sets either sets both (a mix alone
  // implies its smallest size as block_size), and [defaults] lends them only together.
  const bool own_sizes = own.block_size || own.block_mix;
  const auto& block_size = own_sizes ? own.block_size : defaults.block_size;
  const auto& block_mix = own_sizes ? own.block_mix : defaults.block_mix;
  const auto& io_size = pick(own.io_size, defaults.io_size);
  const auto& file_size = pick(own.file_size, defaults.file_size);
  const auto& duration = pick(own.duration, defaults.duration);
  const auto& direct = pick(own.direct, defaults.direct);

  if (!block_size && !block_mix) {
    check.fail(table_where, "workload.block_size",
               R"(missing required key: the size of each I/O, like "8k" (or block_mix: )"
               "several sizes, each with its share of the I/Os)");
  }
  const auto& kind = pick(own.kind, defaults.kind);
  const bool integrity = kind && kind->value == WorkloadKind::integrity;
  if (!io_size && !duration && !integrity) {
    check.fail(table_where, "workload.size",
               "missing required key: give size (bytes to transfer) or duration (a time window), "
               "or both (size with a time cap)");
  }

  WorkloadSpec spec;
  if (block_mix) spec.block_mix = block_mix->value;
  spec.block_size = block_size ? block_size->value : block_size_of_mix(spec.block_mix);
  spec.direct = direct ? direct->value : true;
  if (io_size) spec.io_size = io_size->value;
  if (file_size) {
    spec.file_size = file_size->value;
  } else if (const auto implied =
                 implied_file_size(io_size ? std::optional(io_size->value) : std::nullopt)) {
    spec.file_size = *implied;
  } else {
    check.fail(
        table_where, "workload.file_size",
        R"(missing required key for a time-based workload: the test file's size, like "1GiB")");
  }

  if (duration) spec.duration = duration->value;
  if (const auto& f = pick(own.ramp, defaults.ramp)) spec.ramp = f->value;
  if (const auto& f = pick(own.read_pct, defaults.read_pct)) spec.read_pct = f->value;
  if (const auto& f = pick(own.random_pct, defaults.random_pct)) spec.random_pct = f->value;
  if (const auto& f = pick(own.random_distribution, defaults.random_distribution))
    spec.random_distribution = f->value;
  if (const auto& f = pick(own.block_align, defaults.block_align)) spec.block_align = f->value;
  if (const auto& f = pick(own.queue_depth, defaults.queue_depth)) spec.queue_depth = f->value;
  if (const auto& f = pick(own.flush, defaults.flush)) spec.flush = f->value;
  if (const auto& f = pick(own.write_through, defaults.write_through))
    spec.write_through = f->value;
  spec.engine = "auto";
  if (const auto& f = pick(own.engine, defaults.engine)) spec.engine = f->value;
  if (const auto& f = pick(own.workers, defaults.workers)) spec.workers = f->value;
  if (const auto& f = pick(own.verify, defaults.verify)) spec.verify = f->value;
  if (integrity) spec.kind = WorkloadKind::integrity;
  spec.verify = verifies(spec.kind, spec.verify);
  if (const auto& f = pick(own.rate_iops, defaults.rate_iops)) spec.rate_iops = f->value;
  if (const auto& f = pick(own.rate_mbps, defaults.rate_mbps)) spec.rate_mbps = f->value;
  if (const auto& f = pick(own.rate_process, defaults.rate_process)) spec.rate_process = f->value;
  if (const auto& f = pick(own.layout, defaults.layout)) spec.layout = f->value;
  if (const auto& f = pick(own.priority, defaults.priority)) spec.priority = f->value;
  if (const auto& f = pick(own.cmd_priority, defaults.cmd_priority)) spec.cmd_priority = f->value;
  if (const auto& f = pick(own.cmd_priority_pct, defaults.cmd_priority_pct))
    spec.cmd_priority_pct = f->value;
  if (const auto& f = pick(own.think_time, defaults.think_time)) spec.think_time = f->value;
  if (const auto& f = pick(own.think_blocks, defaults.think_blocks)) spec.think_blocks = f->value;
  if (const auto& f = pick(own.layout_write_size, defaults.layout_write_size))
    spec.layout_write_size = f->value;
  spec.steady_state = resolve_steady_state(own, defaults, check);
  if (const auto problem = find_workload_problem(spec)) {
    const std::string_view key = workload_key(problem->field);
    if (const WrittenAt* at = written_at(key, own, defaults))
      check.fail(at->where, at->path, problem->expected);
    check.fail(table_where, fmt::format("workload.{}", key), problem->expected);
  }
  return spec;
}

}  // namespace iogate::thresholds_detail
