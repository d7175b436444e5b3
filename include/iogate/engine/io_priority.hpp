// I/O priority classes as Linux's ioprio names them (ionice(1)): real time, best effort with a
// level from 0 (highest) to 7, and idle. A scheduler that knows them (mq-deadline, bfq) serves a
// higher class first; a drive with NCQ priority or command duration limits gets them passed on.
// Threshold files, flags and results spell one as "rt:0", "be:4" or "idle".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace iogate {

enum class IoPriorityClass : std::uint8_t { none, rt, be, idle };

struct IoPriority {
  IoPriorityClass cls = IoPriorityClass::none;  // none: the class the thread already has
  unsigned level = 0;                           // rt and be: 0 (highest) to kMaxPriorityLevel
  bool set() const { return cls != IoPriorityClass::none; }
  bool operator==(const IoPriority&) const = default;
};

inline constexpr unsigned kMaxPriorityLevel = 7;

// What a priority's text must be, for the errors of every reader.
inline constexpr std::string_view kPriorityExpected =
    "a priority class: \"rt:N\" (real time) or \"be:N\" (best effort) with N from 0, the highest, "
    "to 7, or \"idle\"";

// "rt:0", "be:4", "idle"; "" for none.
std::string priority_text(IoPriority priority);

// The priority `text` names (kPriorityExpected), or nothing.
std::optional<IoPriority> parse_priority(std::string_view text);

// Linux's encoding (IOPRIO_PRIO_VALUE: the class above bit 13, the level below), which requests
// carry to the engines; 0 for none, which leaves an I/O the priority of the thread that issues it.
constexpr std::uint16_t ioprio_value(IoPriority priority) {
  unsigned cls = 0;
  switch (priority.cls) {
    case IoPriorityClass::none:
      return 0;
    case IoPriorityClass::rt:
      cls = 1;
      break;
    case IoPriorityClass::be:
      cls = 2;
      break;
    case IoPriorityClass::idle:
      return static_cast<std::uint16_t>(3u << 13);
  }
  return static_cast<std::uint16_t>((cls << 13) | priority.level);
}

}  // namespace iogate
