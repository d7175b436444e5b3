// The rule is written at the top of switches.hpp.
#include "switches.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>

namespace iogate {
namespace {

struct Spelling {
  std::string_view text;
  bool on;
};

constexpr std::array<Spelling, 8> kSpellings{{{"1", true},
                                              {"0", false},
                                              {"true", true},
                                              {"false", false},
                                              {"yes", true},
                                              {"no", false},
                                              {"on", true},
                                              {"off", false}}};

bool same_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

std::optional<bool> parse_switch(std::string_view text) {
  for (const Spelling& s : kSpellings)
    if (same_ignoring_case(text, s.text)) return s.on;
  return std::nullopt;
}

bool env_switch(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') return false;
  if (const std::optional<bool> on = parse_switch(value)) return *on;
  throw SwitchError(fmt::format(
      "{}: expected 1, true, yes or on (or 0, false, no, off, in any case), got another value",
      name));
}

}  // namespace iogate
