#include "workload_section.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "common/display_text.hpp"
#include "engine/workload_toml.hpp"

namespace iogate::thresholds_detail {
namespace {

using F = WorkloadField;

// Reads `field`'s key when the table has it: `read(node, key)` gives its value, or fails at it.
template <class T, class Read>
void read_key(const Section& s, const toml::table& t, WorkloadField field,
              std::optional<Field<T>>& into, Read read) {
  const std::string_view key = workload_key(field);
  if (const toml::node* n = t.get(key)) into = Field<T>{read(*n, key), n->source(), s.path(key)};
}

// A size that must be at least one byte.
std::uint64_t positive_size(const Section& s, const toml::node& n, std::string_view key) {
  const std::uint64_t bytes = size_value(s, n, key);
  if (bytes == 0) s.fail(n, key, "expected a size greater than 0");
  return bytes;
}

// A duration that must be longer than 0: leaving the key out says "none"; "0s" written is a
// mistake said at its line.
Nanoseconds positive_duration(const Section& s, const toml::node& n, std::string_view key) {
  const Nanoseconds d = duration_value(s, n, key);
  if (d <= Nanoseconds::zero()) s.fail(n, key, "expected a duration longer than 0");
  return d;
}

// A whole number whose rule is the engine's (workload_rules.hpp).
template <class Problem>
unsigned engine_count(const Section& s, const toml::node& n, std::string_view key,
                      Problem problem) {
  const std::int64_t count = integer_value(s, n, key);
  if (const auto why = problem(count)) s.fail(n, key, *why);
  return static_cast<unsigned>(count);
}

// One of the row's choices, by the enum's names.
template <typename E, std::size_t N>
E choice(const Section& s, const toml::node& n, std::string_view key, WorkloadField field,
         const NamedValues<E, N>& named) {
  const std::string text = string_value(s, n, key);
  const std::optional<E> value = named.parse(text);
  if (!value) {
    s.fail(n, key,
           fmt::format("expected {}, got {}", choices_text(workload_key_row(field).spec.choices),
                       quoted_excerpt(text)));
  }
  return *value;
}

void read_sizes(const Section& s, const toml::table& t, WorkloadFields& out) {
  read_key(s, t, F::block_size, out.block_size, [&](const toml::node& n, std::string_view key) {
    const std::uint64_t bytes = positive_size(s, n, key);
    if (const auto problem = block_size_problem(bytes)) s.fail(n, key, *problem);
    return bytes;
  });
  const auto positive = [&](const toml::node& n, std::string_view key) {
    return positive_size(s, n, key);
  };
  read_key(s, t, F::file_size, out.file_size, positive);
  read_key(s, t, F::io_size, out.io_size, positive);
  read_key(s, t, F::block_align, out.block_align, positive);
  read_key(s, t, F::layout_write_size, out.layout_write_size, positive);
}

// block_mix = [ { size = "4KiB", pct = 60 }, { size = "64KiB", pct = 40 } ]: each entry's own
// mistakes at the entry ("workload.block_mix[2].pct"), the mix's as a whole (the sum, a size
// that is no multiple of the smallest) at the array.
std::vector<BlockSizeShare> block_mix_value(const Section& s, const toml::node& n,
                                            std::string_view mix_key) {
  const toml::array* array = n.as_array();
  if (array == nullptr || array->empty()) {
    s.fail(n, mix_key,
           fmt::format(R"(expected an array of {{ size = "4KiB", pct = 60 }} tables, got {})",
                       describe(n)));
  }
  std::vector<BlockSizeShare> mix;
  for (std::size_t i = 0; i < array->size(); ++i) {
    const toml::node& entry = *array->get(i);
    const std::string key = fmt::format("{}[{}]", mix_key, i + 1);
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
                   fmt::format("{} is in the mix already ({}[{}]): give each size once, "
                               "with its whole share",
                               format_size(share.block_size), mix_key, j + 1));
      }
    }
    mix.push_back(share);
  }
  if (const auto problem = block_mix_problem(mix)) s.fail(n, mix_key, *problem);
  return mix;
}

void read_mix(const Section& s, const toml::table& t, WorkloadFields& out) {
  const auto percent = [&](const toml::node& n, std::string_view key) {
    return percent_value(s, n, key);
  };
  read_key(s, t, F::read_pct, out.read_pct, percent);
  read_key(s, t, F::random_pct, out.random_pct, percent);
  read_key(s, t, F::random_distribution, out.random_distribution,
           [&](const toml::node& n, std::string_view key) {
             ParsedDistribution parsed = parse_random_distribution(string_value(s, n, key));
             if (!parsed.distribution) s.fail(n, key, parsed.problem);
             return std::move(*parsed.distribution);
           });
  read_key(s, t, F::queue_depth, out.queue_depth, [&](const toml::node& n, std::string_view key) {
    return engine_count(s, n, key, queue_depth_problem);
  });
}

// steady_state = "iops:10%" with its window, interval and longest wait, each a time above 0.
void read_steady_state(const Section& s, const toml::table& t, WorkloadFields& out) {
  read_key(s, t, F::steady_state, out.steady_state, [&](const toml::node& n, std::string_view key) {
    SteadyState rule;
    if (auto problem = parse_steady_criterion(string_value(s, n, key), rule))
      s.fail(n, key, *problem);
    return rule;
  });
  const auto positive = [&](const toml::node& n, std::string_view key) {
    return positive_duration(s, n, key);
  };
  read_key(s, t, F::steady_window, out.steady_window, positive);
  read_key(s, t, F::steady_interval, out.steady_interval, positive);
  read_key(s, t, F::steady_max, out.steady_max, positive);
}

void read_times(const Section& s, const toml::table& t, WorkloadFields& out) {
  const auto positive = [&](const toml::node& n, std::string_view key) {
    return positive_duration(s, n, key);
  };
  read_key(s, t, F::duration, out.duration, positive);
  read_key(s, t, F::ramp, out.ramp,
           [&](const toml::node& n, std::string_view key) { return duration_value(s, n, key); });
  read_key(s, t, F::think_time, out.think_time, positive);
  read_key(s, t, F::think_blocks, out.think_blocks, [&](const toml::node& n, std::string_view key) {
    return engine_count(s, n, key, think_blocks_problem);
  });
  read_steady_state(s, t, out);
}

void read_options(const Section& s, const toml::table& t, WorkloadFields& out) {
  const auto boolean = [&](const toml::node& n, std::string_view key) {
    return bool_value(s, n, key);
  };
  read_key(s, t, F::direct, out.direct, boolean);
  read_key(s, t, F::write_through, out.write_through, boolean);
  read_key(s, t, F::verify, out.verify, boolean);
  read_key(s, t, F::flush, out.flush, [&](const toml::node& n, std::string_view key) {
    return choice(s, n, key, F::flush, kFlushPolicies);
  });
  read_key(s, t, F::kind, out.kind, [&](const toml::node& n, std::string_view key) {
    return choice(s, n, key, F::kind, kWorkloadKinds);
  });
  read_key(s, t, F::layout, out.layout, [&](const toml::node& n, std::string_view key) {
    return choice(s, n, key, F::layout, kFileLayouts);
  });
  read_key(s, t, F::engine, out.engine, [&](const toml::node& n, std::string_view key) {
    std::string name = string_value(s, n, key);
    const auto engines = workload_key_row(F::engine).spec.choices;
    if (std::find(engines.begin(), engines.end(), name) == engines.end()) {
      s.fail(n, key,
             fmt::format(R"(expected one of {}, got "{}")", fmt::join(engines, ", "), name));
    }
    return name;
  });
}

// The rate cap and its process, the priority classes and the workers.
void read_engine_options(const Section& s, const toml::table& t, WorkloadFields& out) {
  read_key(s, t, F::workers, out.workers, [&](const toml::node& n, std::string_view key) {
    return engine_count(s, n, key, workers_problem);
  });
  const auto rate = [&](const toml::node& n, std::string_view key) {
    const std::optional<double> value = n.is_boolean() ? std::nullopt : n.value<double>();
    // Positive, not just >= 0 as the engine allows: "no cap" is said by leaving the key out.
    if (!value || !(*value > 0) || !std::isfinite(*value))
      s.fail(n, key, "expected a positive number (I/Os per second, or MiB/s for rate_mbps)");
    return *value;
  };
  read_key(s, t, F::rate_iops, out.rate_iops, rate);
  read_key(s, t, F::rate_mbps, out.rate_mbps, rate);
  read_key(s, t, F::rate_process, out.rate_process, [&](const toml::node& n, std::string_view key) {
    return choice(s, n, key, F::rate_process, kRateProcesses);
  });
  const auto priority = [&](const toml::node& n, std::string_view key) {
    const std::string text = string_value(s, n, key);
    const std::optional<IoPriority> value = parse_priority(text);
    if (!value)
      s.fail(n, key, fmt::format("expected {}, got {}", kPriorityExpected, quoted_excerpt(text)));
    return *value;
  };
  read_key(s, t, F::priority, out.priority, priority);
  read_key(s, t, F::cmd_priority, out.cmd_priority, priority);
  read_key(s, t, F::cpu_affinity, out.cpu_affinity, [&](const toml::node& n, std::string_view key) {
    ParsedAffinity parsed = parse_cpu_affinity(string_value(s, n, key));
    if (!parsed.affinity) s.fail(n, key, parsed.problem);
    return std::move(*parsed.affinity);
  });
  read_key(s, t, F::cmd_priority_pct, out.cmd_priority_pct,
           [&](const toml::node& n, std::string_view key) {
             const double pct = percent_value(s, n, key);
             if (!(pct > 0)) s.fail(n, key, "expected a share above 0%");
             return pct;
           });
}

// "workload.size": a key the check's table misses, named as it would be written there.
std::string key_path(WorkloadField field) {
  return fmt::format("workload.{}", workload_key(field));
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
  read_key(
      section, table, F::block_mix, out.block_mix,
      [&](const toml::node& n, std::string_view key) { return block_mix_value(section, n, key); });
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
    check.fail(table_where, key_path(F::block_size),
               R"(missing required key: the size of each I/O, like "8k" (or block_mix: )"
               "several sizes, each with its share of the I/Os)");
  }
  const auto& kind = pick(own.kind, defaults.kind);
  const bool integrity = kind && kind->value == WorkloadKind::integrity;
  if (!io_size && !duration && !integrity) {
    check.fail(table_where, key_path(F::io_size),
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
        table_where, key_path(F::file_size),
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
  if (const auto& f = pick(own.cpu_affinity, defaults.cpu_affinity)) spec.cpu_affinity = f->value;
  spec.steady_state = resolve_steady_state(own, defaults, check);
  if (const auto problem = find_workload_problem(spec)) {
    const std::string_view key = workload_key(problem->field);
    if (const WrittenAt* at = written_at(key, own, defaults))
      check.fail(at->where, at->path, problem->expected);
    check.fail(table_where, key_path(problem->field), problem->expected);
  }
  return spec;
}

}  // namespace iogate::thresholds_detail
