// The rule is written at the top of include/iogate/verdicts/confirmation.hpp.
#include "iogate/verdicts/confirmation.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace iogate {

const char* persistence_name(Persistence p) {
  switch (p) {
    case Persistence::persisted:
      return "persisted";
    case Persistence::transient:
      return "transient";
    case Persistence::disagreed:
      return "disagreed";
  }
  return "?";
}

bool worth_confirming(const Verdict& first) {
  return !first.shortfalls.empty() || !first.unstable.empty();
}

Persistence samples_agree(const Verdict& first, const Verdict& second) {
  for (const Shortfall& again : second.shortfalls) {
    const bool seen_before =
        std::any_of(first.shortfalls.begin(), first.shortfalls.end(),
                    [&](const Shortfall& s) { return s.expectation == again.expectation; });
    if (seen_before) return Persistence::persisted;
  }
  if (second.shortfalls.empty() && second.unstable.empty()) return Persistence::transient;
  return Persistence::disagreed;
}

namespace {

std::string judged_line(const Judgement& j) {
  return fmt::format("{} after {} runs: {}", describe_interval(j), j.runs,
                     decision_name(j.decision));
}

// A stall or a spread has no judgement: its note says it in its own words.
std::string shortfall_line(const Shortfall& s) {
  return s.judgement ? judged_line(*s.judgement) : s.note;
}

}  // namespace

Verdict confirmed_verdict(Verdict second, Persistence p) {
  if (p != Persistence::disagreed) return second;
  for (const Shortfall& s : second.shortfalls)
    second.unstable.push_back(shortfall_line(s) + " in the second sample only");
  second.shortfalls.clear();
  second.unstable.push_back(
      "the samples disagree: what the first sample saw was neither seen again nor ruled out");
  return second;
}

std::vector<std::string> sample_lines(const Verdict& v) {
  std::vector<std::string> out;
  for (const Shortfall& s : v.shortfalls) out.push_back(shortfall_line(s));
  for (const std::string& u : v.unstable) out.push_back(u);
  if (!out.empty()) return out;
  for (const Judgement& j : v.judgements)
    if (j.decision != Decision::fleet) out.push_back(judged_line(j));
  return out;
}

}  // namespace iogate
