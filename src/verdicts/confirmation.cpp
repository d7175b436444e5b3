// The rule is written at the top of src/verdicts/confirmation.hpp.
#include "confirmation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <utility>

namespace iogate {

namespace {

struct PersistenceName {
  Persistence persistence;
  const char* name;
};

constexpr std::array<PersistenceName, 4> kPersistenceNames{{
    {Persistence::persisted, "persisted"},
    {Persistence::transient, "transient"},
    {Persistence::disagreed, "disagreed"},
    {Persistence::undecided, "undecided"},
}};

}  // namespace

const char* persistence_name(Persistence p) {
  for (const PersistenceName& n : kPersistenceNames)
    if (n.persistence == p) return n.name;
  return "?";
}

std::optional<Persistence> persistence_from_name(std::string_view name) {
  for (const PersistenceName& n : kPersistenceNames)
    if (name == n.name) return n.persistence;
  return std::nullopt;
}

std::string persistence_names() {
  std::string out;
  for (std::size_t i = 0; i < kPersistenceNames.size(); ++i) {
    if (i > 0) out += i + 1 == kPersistenceNames.size() ? " or " : ", ";
    out += fmt::format("\"{}\"", kPersistenceNames[i].name);
  }
  return out;
}

RunPlan confirming_plan(RunPlan first) {
  first.false_fail = kConfirmFalseFailRate;
  return first;
}

RunPlan pooled_plan(int runs) { return {runs, runs, kPooledFalseFailRate, kPooledPassLevel}; }

bool worth_confirming(const Verdict& first) {
  return !first.shortfalls.empty() || !first.unstable.empty();
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

enum class Lean { holding, breaking };

// Where a sample's evidence points: a decision, or an undecided estimate's side of the bound (a
// sample without a figure, NaN, is beyond every bound).
Lean lean_of(const Judgement& j) {
  if (j.decision == Decision::holds) return Lean::holding;
  if (j.decision == Decision::broken || std::isnan(j.estimate)) return Lean::breaking;
  const bool short_of =
      j.expectation->kind == BoundKind::min ? j.estimate < j.bound : j.estimate > j.bound;
  return short_of ? Lean::breaking : Lean::holding;
}

// "broken", "held", "undecided": one sample's word for an expectation.
const char* sample_word(const Judgement& j) {
  return j.decision == Decision::holds ? "held" : decision_name(j.decision);
}

// "both samples undecided", "first undecided, second broken".
std::string pair_words(const Judgement& first, const Judgement& second) {
  if (first.decision == second.decision) return fmt::format("both samples {}", sample_word(second));
  return fmt::format("first {}, second {}", sample_word(first), sample_word(second));
}

// "broken", "undecided, short of the bound", "undecided, within the bound", "held".
std::string leaning_words(const Judgement& j) {
  if (j.decision != Decision::undecided) return sample_word(j);
  return lean_of(j) == Lean::breaking ? "undecided, short of the bound"
                                      : "undecided, within the bound";
}

const Judgement* judgement_of(const Verdict& v, const Expectation* e) {
  for (const Judgement& j : v.judgements)
    if (j.expectation == e) return &j;
  return nullptr;
}

const Shortfall* shortfall_of(const Verdict& v, const Expectation* e) {
  for (const Shortfall& s : v.shortfalls)
    if (s.expectation == e) return &s;
  return nullptr;
}

// Whether the two samples' figures for `e` could come from one datastore: the interval of their
// ratio (Hodges-Lehmann, Mann-Whitney, each side at kAlikeLevel) holds 1. A burst that spoiled one
// sample makes them differ, and pooling it with the other would lend the burst to both.
struct Likeness {
  bool alike = true;
  RatioEstimate ratio;  // first / second
};

Likeness likeness(const Expectation& e, const MetricSamples& first, const MetricSamples& second) {
  const auto a = first.find(sample_key(e)), b = second.find(sample_key(e));
  if (a == first.end() || b == second.end() || a->second.empty() || b->second.empty()) return {};
  Likeness l;
  l.ratio =
      ratio_interval(positive_samples(e, a->second), positive_samples(e, b->second), kAlikeLevel);
  l.alike = !(l.ratio.bounds.lo > 1) && !(l.ratio.bounds.hi < 1);
  return l;
}

// Both samples' runs as one sample, judged at one look.
Verdict judged_together(const Check& check, const SampleEvidence& first,
                        const SampleEvidence& second, const MetricSamples* baseline) {
  std::vector<RunResult> runs = first.runs;
  runs.insert(runs.end(), second.runs.begin(), second.runs.end());
  MetricSamples samples = first.samples;
  for (const auto& [key, values] : second.samples) {
    std::vector<double>& all = samples[key];
    all.insert(all.end(), values.begin(), values.end());
  }
  const int n = static_cast<int>(check.expectations.empty()
                                     ? runs.size()
                                     : samples.at(sample_key(check.expectations[0])).size());
  Verdict v = evaluate(check, runs, samples, baseline, pooled_plan(n));
  for (Judgement& j : v.judgements) j.samples = 2;
  for (Shortfall& s : v.shortfalls)
    if (s.judgement) s.judgement->samples = 2;
  return v;
}

// The check's verdict, built up expectation by expectation, and what it came to.
struct Weighing {
  Verdict verdict;
  bool persisted = false, disagreed = false, undecided = false;
  std::vector<std::string> together;

  Persistence persistence() const {
    if (persisted) return Persistence::persisted;
    if (disagreed) return Persistence::disagreed;
    if (undecided) return Persistence::undecided;
    return Persistence::transient;
  }
};

void weigh_expectation(const Judgement* first, const Judgement& second,
                       const Shortfall* second_shortfall, const MetricSamples& first_figures,
                       const MetricSamples& second_figures,
                       const std::function<const Verdict&()>& together, Weighing& w) {
  if (second.decision == Decision::holds || second.decision == Decision::fleet) {
    w.verdict.judgements.push_back(second);
    return;
  }
  if (first != nullptr && first->decision == Decision::broken &&
      second.decision == Decision::broken) {
    w.verdict.judgements.push_back(second);
    w.verdict.shortfalls.push_back(*second_shortfall);
    w.persisted = true;
    return;
  }
  // An expectation the first sample did not weigh (it cannot happen for one check and one
  // baseline) counts as held there: nobody saw it short before.
  const Lean first_lean = first != nullptr ? lean_of(*first) : Lean::holding;
  if (first_lean != lean_of(second)) {
    w.verdict.judgements.push_back(second);
    w.verdict.unstable.push_back(
        fmt::format("{}: first sample {}, second {}: the samples disagree", second.expectation->key,
                    first != nullptr ? leaning_words(*first) : "held", leaning_words(second)));
    w.disagreed = true;
    return;
  }
  if (const Likeness l = likeness(*second.expectation, first_figures, second_figures); !l.alike) {
    w.verdict.judgements.push_back(second);
    w.verdict.unstable.push_back(fmt::format(
        "{}: first sample {}, second {}, but at {:.2f}x the second's figures the first was not the "
        "same datastore's: the samples disagree",
        second.expectation->key, first != nullptr ? leaning_words(*first) : "held",
        leaning_words(second), l.ratio.estimate));
    w.disagreed = true;
    return;
  }
  const Verdict& pooled = together();
  const Judgement* both = judgement_of(pooled, second.expectation);
  if (both == nullptr) {  // weighed in each sample, so weighed together too; kept safe all the same
    w.verdict.judgements.push_back(second);
    w.verdict.unstable.push_back(undecided_line(second, second.runs));
    w.undecided = true;
    return;
  }
  w.together.push_back(judged_line(*both));
  w.verdict.judgements.push_back(*both);
  if (both->decision == Decision::broken) {
    w.verdict.shortfalls.push_back(*shortfall_of(pooled, second.expectation));
    w.persisted = true;
  } else if (both->decision == Decision::undecided) {
    w.verdict.unstable.push_back(fmt::format("{} ({})", undecided_line(*both, both->runs),
                                             pair_words(first ? *first : second, second)));
    w.undecided = true;
  }
}

}  // namespace

Confirmed confirm_samples(const Check& check, const SampleEvidence& first,
                          const SampleEvidence& second, const MetricSamples* baseline) {
  Weighing w;
  w.verdict = second.verdict;
  w.verdict.judgements.clear();
  w.verdict.shortfalls.clear();
  w.verdict.unstable.clear();
  std::optional<Verdict> pooled;
  const std::function<const Verdict&()> together = [&]() -> const Verdict& {
    if (!pooled) pooled = judged_together(check, first, second, baseline);
    return *pooled;
  };
  for (const Judgement& j : second.verdict.judgements)
    weigh_expectation(judgement_of(first.verdict, j.expectation), j,
                      shortfall_of(second.verdict, j.expectation), first.samples, second.samples,
                      together, w);
  const bool first_had_unjudged =
      std::any_of(first.verdict.shortfalls.begin(), first.verdict.shortfalls.end(),
                  [](const Shortfall& s) { return s.expectation == nullptr; });
  for (const Shortfall& s : second.verdict.shortfalls) {
    if (s.expectation != nullptr) continue;
    if (first_had_unjudged) {
      w.verdict.shortfalls.push_back(s);
      w.persisted = true;
    } else {
      w.verdict.unstable.push_back(s.note + " in the second sample only");
      w.disagreed = true;
    }
  }
  return {w.persistence(), std::move(w.verdict), std::move(w.together)};
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
