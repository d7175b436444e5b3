// Confirmation across time: a shortfall fails a check only when it persists.
//
// Why. The adaptive sequence (evidence.hpp) takes its runs within seconds of each other, so its
// statistics answer "was the datastore slow then?"; the gate's question is "is this datastore's
// configuration slower?". A driver, firmware or controller regression does not come and go. A
// neighbour's burst on a shared datastore does: a backup job halving it for 10-20 s is ordinary,
// and a gate that turns red on it gets switched off.
//
// The rule. When the first sample (the whole adaptive sequence) breaks an expectation, or ends
// with one undecided (its runs or budget spent: a burst halfway through a sample leaves it
// there), the check pauses (confirm_pause; by default the longer of 30 s and the first sample's
// longest run, confirmation_pause() in checks/check.hpp) and takes a second, independent sample:
// the same adaptive sequence, fail-fast included, so a 7x shortfall is confirmed in the seconds its
// stopped runs take. Then each expectation is weighed on both samples (confirm_samples()). A
// sample *leans* to breaking an expectation when it broke it, or left it undecided with its
// estimate on the bound's wrong side; otherwise it leans to holding.
//   the second sample holds it         cleared
//   both samples broke it              persisted
//   both lean the same way, and their  the runs of both samples, pooled, are judged at one look
//   figures look like one datastore's  (broken at kPooledFalseFailRate, holds at
//                                      kPooledPassLevel): broken -> persisted, holds -> cleared,
//                                      else undecided
//   they lean the same way but differ  disagreed (a burst in one sample, not lent to the other)
//   they lean opposite ways            disagreed
// A stall, a spread or an unsettled run (a shortfall without an expectation) persists when both
// samples show one, is cleared when the second shows none, and disagrees when only the second does.
// The check then:
//   persisted  any expectation persisted: FAIL.
//   transient  every expectation cleared: PASS, and what the first sample saw is kept as a
//              visible note (when, how far below or undecided, and the second sample beside it),
//              so an operator sees the neighbour without the gate crying wolf.
//   disagreed  any expectation disagreed: UNSTABLE, saying what each sample leaned to. The
//              datastore could not be judged.
//   undecided  the samples agree but even together cannot decide: UNSTABLE, in the words of what
//              happened ("both samples undecided", "first undecided, second broken").
// `confirm = false` takes the first sample's answer.
//
// Error rates (a healthy datastore whose typical run sits exactly at the bound: the worst case).
//   - Noise without regimes: the samples are independent. Both broken: at most 1% x 5%
//     (kConfirmFalseFailRate) = 0.05%. Pooled: one look at kPooledFalseFailRate (0.7%). The pooled
//     look comes after sequences that stop where the evidence leans, so its level is nominal;
//     simulated at the bound the whole rule fails 0.78% (4000 checks; tests/unit/verdicts/
//     confirmation_simulation_gtest.cpp, docs/measurements.md).
//   - A neighbour's bursts: a false FAIL needs a burst to spoil each sample, or one spoiled and
//     the other leaning short of the bound on its own while the two look alike. A pause longer
//     than a burst makes the spoilings independent: bursts every 2 min fail 0.83% of healthy
//     checks (4800; one sample alone: 8.2%); every minute, 3.4% (the previous rule: 2.7%), the
//     price of judging two spoiled samples together.
//   - A CPU hog switching on and off every 1-3 s: run-to-run noise wide enough that twenty runs
//     leave a 25% cut undecided; the pooled look decides it on the forty runs of both samples
//     (caught 99.8%, the previous rule 96.0%, which read the samples' agreement as disagreement),
//     and passes a healthy datastore that each sample left undecided (unstable 0.33%; the previous
//     rule 2.75%). What it cannot mend is a baseline whose own median is loose: against one pinned
//     within
//     +-27% nothing can call a 25% cut at 1%. `baseline record` therefore goes on recording while
//     a baseline is looser than its bounds need (baseline_precision.hpp), and an unstable check
//     against one says so.
//   - A persistent regression must lean short of the bound in both samples, and break it in both
//     or in both together. The second sample's "broken" is held to kConfirmFalseFailRate (5%)
//     rather than 1%: its false alarms only count when the first sample was already broken.
// What a pause cannot tell apart: a neighbour busy for longer than the pause and both samples
// from a regression. To every workload on the datastore those look the same, and FAIL is then a
// fair answer; a longer confirm_pause moves the line.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "iogate/verdicts/verdict.hpp"

namespace iogate {

// What the confirming sample may spend on calling a healthy datastore broken.
inline constexpr double kConfirmFalseFailRate = 0.05;
// What the pooled look may spend. The gate's 1% less what "both broken" spends would be 0.95%, but
// the look's nominal level is not its real one: it follows two sequences that each stopped where
// its evidence leaned. Simulated at the bound (4000 checks, baselines pinned as tightly as their
// bounds need) 0.95% failed 1.10% in all; 0.7% keeps the whole rule within the gate's 1%.
inline constexpr double kPooledFalseFailRate = 0.007;
// What the joint look's "holds" may spend: it is reached only after both samples leaned to
// holding, which a regression past the bound seldom gives (measured: a 15-20% cut against a 10%
// margin passes in 0.25% of checks or fewer, with this level or with 5%), while a healthy check
// under CPU noise is left unstable three times as often at 5%.
inline constexpr double kPooledPassLevel = 0.20;
// Two samples are pooled only when alike: each side of their ratio's interval at this level.
inline constexpr double kAlikeLevel = 0.025;

// Whether a first sample's verdict is weighed again: a shortfall, or an expectation undecided.
bool worth_confirming(const Verdict& first);

// The confirming sample's plan: the first's runs, its "broken" held to kConfirmFalseFailRate.
RunPlan confirming_plan(RunPlan first);
// The one look at `runs` runs of both samples together (kPooledFalseFailRate, kPooledPassLevel).
RunPlan pooled_plan(int runs);

enum class Persistence { persisted, transient, disagreed, undecided };
// "persisted", "transient", "disagreed", "undecided": the words of results.json.
const char* persistence_name(Persistence p);
std::optional<Persistence> persistence_from_name(std::string_view name);
// "\"persisted\", \"transient\", \"disagreed\" or \"undecided\"": what a reader expects.
std::string persistence_names();

// One sample as confirmation weighs it: its verdict, and what that verdict was made of.
struct SampleEvidence {
  const Verdict& verdict;
  const std::vector<RunResult>& runs;
  const MetricSamples& samples;  // as judged: fail-fast's certain figures in place
};

struct Confirmed {
  Persistence persistence = Persistence::disagreed;
  Verdict verdict;  // the check's: the second sample's, each expectation as both samples decide it
  // The pooled judgement of each expectation weighed on both samples together, as sample_lines()
  // spells a judgement; empty when none was.
  std::vector<std::string> together;
};

// `first` is worth_confirming(); `baseline` as evaluate() takes it.
Confirmed confirm_samples(const Check& check, const SampleEvidence& first,
                          const SampleEvidence& second, const MetricSamples* baseline);

// What a sample said, one line per shortfall or undecided expectation, or the judgements of a
// passing one: "iops 0.48x baseline (bound 0.90x) after 5 runs: broken".
std::vector<std::string> sample_lines(const Verdict& v);

}  // namespace iogate
