// One reading of on and off for every boolean environment variable: 1/0, true/false, yes/no and
// on/off, in any case. A safety switch spelt any other way is refused, naming the variable, rather
// than read as off: `IOGATE_REQUIRE_MOUNT=yes` that silently meant "no" ran on the root disk.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace iogate {

// A switch's value the user gave and no one can read (exit status 2, bad input).
class SwitchError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// true or false for one of the spellings above; none for anything else.
std::optional<bool> parse_switch(std::string_view text);

// The environment variable `name`: false when unset or empty, else parse_switch() of its value, or
// SwitchError naming the variable and the spellings it takes (the value is not echoed: it may be
// anything, control characters included).
bool env_switch(const char* name);

}  // namespace iogate
