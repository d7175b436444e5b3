// rescale_check() and the flags it takes: the rules are in thresholds/check_scale.hpp.
#include "check_scale.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <type_traits>
#include <variant>
#include <vector>

#include "iogate/engine/workload_rules.hpp"

namespace iogate {
namespace {

using F = WorkloadField;

// The flags an override may give, in the order they are named.
constexpr WorkloadField kScaleFields[] = {F::file_size, F::io_size, F::duration};

bool given(const ScaleOverride& scale, WorkloadField field) {
  switch (field) {
    case F::file_size:
      return scale.file_size.has_value();
    case F::io_size:
      return scale.io_size.has_value();
    default:
      return scale.duration.has_value();
  }
}

std::optional<std::string> both_amounts_problem(const ScaleOverride& scale) {
  if (!scale.io_size || !scale.duration) return std::nullopt;
  return fmt::format(
      "{} and {} are alternatives: a check runs by size (how much to move) or by time (how long "
      "to run); give one",
      scale_flag(F::io_size), scale_flag(F::duration));
}

Nanoseconds seconds_of(double s) {
  return std::chrono::duration_cast<Nanoseconds>(std::chrono::duration<double>(s));
}

// The lower limit the workload's table gives the key (the threshold format's: a size of at least
// a byte, a duration above 0), on its number spelling: bytes, seconds.
std::optional<std::string> minimum_problem(WorkloadField field, double number) {
  const KeySpec& spec = workload_key_row(field).spec;
  if (!spec.min || (spec.above ? number > *spec.min : number >= *spec.min)) return std::nullopt;
  const bool size = spec.kind == ValueKind::size;
  const std::string limit = size ? format_size(static_cast<std::uint64_t>(*spec.min))
                                 : format_duration(seconds_of(*spec.min));
  return fmt::format("expected {} {} {}", size ? "a size" : "a duration",
                     spec.above ? "above" : "of at least", limit);
}

// `text` read by `parse` (units.hpp, as a threshold file's value is read) and held to the key's
// minimum; the flag's mistake named by the flag.
template <class Parse>
auto read_flag(WorkloadField field, const std::string& text, Parse parse) {
  const std::string flag = scale_flag(field);
  try {
    const auto value = parse(text);
    double number = 0;
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(value)>, Nanoseconds>)
      number = std::chrono::duration<double>(value).count();
    else
      number = static_cast<double>(value);
    if (const auto problem = minimum_problem(field, number))
      throw std::invalid_argument(fmt::format("{} {}: {}", flag, text, *problem));
    return value;
  } catch (const UnitError& e) {
    throw std::invalid_argument(flag + ": " + e.what());
  }
}

// Whether the flag's value differs from what the check runs: a flag that changes nothing pins
// nothing. --size changes a check run by time (or capped in time) even at its own size.
bool changes(const WorkloadSpec& w, const ScaleOverride& scale, WorkloadField field) {
  switch (field) {
    case F::file_size:
      return *scale.file_size != w.file_size;
    case F::io_size:
      return *scale.io_size != w.io_size || w.duration.count() != 0;
    default:
      return *scale.duration != w.duration || w.io_size != 0;
  }
}

// What the check's duration bound measures, in the file's workload.
std::string timed_amount(const WorkloadSpec& w) {
  if (w.io_size != 0) return fmt::format("the time to move {}", format_size(w.io_size));
  return fmt::format("the length of a {} run", format_duration(w.duration));
}

// Why `field` cannot change in `check` (check_scale.hpp: what pins a key), or nothing.
std::optional<std::string> pinned(const Check& check, WorkloadField field) {
  for (const Expectation& e : check.expectations) {
    if (const auto* relative = std::get_if<RelativeBound>(&e.bound)) {
      return fmt::format(
          "would change the workload its baseline was recorded with: {} = \"{:g}% of baseline\" "
          "compares with figures of the file's workload",
          e.key, relative->fraction * 100);
    }
  }
  if (field == F::file_size) return std::nullopt;
  const WorkloadSpec& w = check.workload;
  if (w.kind == WorkloadKind::integrity)
    return fmt::format(
        "does not apply to kind = integrity, which writes its whole test file and reads it back "
        "({} scales it)",
        scale_flag(F::file_size));
  for (const Expectation& e : check.expectations) {
    if (e.metric != Metric::duration) continue;
    const auto* bound = std::get_if<AbsoluteBound>(&e.bound);
    return fmt::format("would change what {}{} bounds, {}", e.key,
                       bound ? " = " + format_duration(seconds_of(bound->value)) : "",
                       timed_amount(w));
  }
  return std::nullopt;
}

[[noreturn]] void refuse(const Check& check, const std::string& why) {
  throw ScaleRefused(fmt::format("check {}: {}", check.name, why));
}

}  // namespace

std::string scale_flag(WorkloadField field) {
  std::string flag = "--" + std::string(workload_key(field));
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

ScaleOverride read_scale_override(const std::optional<std::string>& file_size,
                                  const std::optional<std::string>& size,
                                  const std::optional<std::string>& duration) {
  ScaleOverride scale;
  if (file_size) scale.file_size = read_flag(F::file_size, *file_size, parse_size);
  if (size) scale.io_size = read_flag(F::io_size, *size, parse_size);
  if (duration) scale.duration = read_flag(F::duration, *duration, parse_duration);
  if (const auto problem = both_amounts_problem(scale)) throw std::invalid_argument(*problem);
  return scale;
}

std::string scale_text(const ScaleOverride& scale) {
  std::vector<std::string> parts;
  if (scale.file_size)
    parts.push_back(scale_flag(F::file_size) + " " + format_size(*scale.file_size));
  if (scale.io_size) parts.push_back(scale_flag(F::io_size) + " " + format_size(*scale.io_size));
  if (scale.duration)
    parts.push_back(scale_flag(F::duration) + " " + format_duration(*scale.duration));
  return fmt::format("{}", fmt::join(parts, ", "));
}

Check rescale_check(const Check& check, const ScaleOverride& scale) {
  if (const auto problem = both_amounts_problem(scale)) refuse(check, *problem);
  const WorkloadSpec& was = check.workload;
  std::vector<std::string> changed;  // the flags that change the check, as named
  for (const WorkloadField field : kScaleFields) {
    if (!given(scale, field) || !changes(was, scale, field)) continue;
    if (const auto why = pinned(check, field)) refuse(check, scale_flag(field) + " " + *why);
    changed.push_back(scale_flag(field));
  }
  if (changed.empty()) return check;

  Check out = check;
  WorkloadSpec& w = out.workload;
  if (scale.io_size) {
    w.io_size = *scale.io_size;
    w.duration = Nanoseconds::zero();
  }
  if (scale.duration) {
    w.duration = *scale.duration;
    w.io_size = 0;
  }
  if (scale.file_size) {
    w.file_size = *scale.file_size;
    out.file_size_implied = false;
  } else if (check.file_size_implied) {
    // Derived again from the new amount, as the threshold format derives it.
    const auto implied =
        implied_file_size(w.io_size != 0 ? std::optional(w.io_size) : std::nullopt);
    if (!implied) {
      refuse(check, fmt::format("{} makes it time-based, and its {} was its {} ({}): give {} "
                                "too, the test file's size (a time-based check needs one)",
                                scale_flag(F::duration), workload_key(F::file_size),
                                workload_key(F::io_size), format_size(was.io_size),
                                scale_flag(F::file_size)));
    }
    w.file_size = *implied;
  }
  if (auto problem = find_workload_problem(w)) {
    refuse(check, fmt::format("rescaled by {}: {}", fmt::join(changed, " and "),
                              InvalidWorkload(std::move(*problem)).what()));
  }
  if (out.timeout_derived) out.timeout = derive_check_timeout(out);
  return out;
}

}  // namespace iogate
