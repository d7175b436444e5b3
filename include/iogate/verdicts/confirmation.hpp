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
// there), the check pauses (confirm_pause; by default the longer of 30 s and the first sample's own
// duration, confirmation_pause() in threshold_file.hpp) and takes a second, independent sample: the
// same adaptive sequence, fail-fast included, so a 7x shortfall is confirmed in the seconds its
// stopped runs take. Then (samples_agree()):
//   persisted  the second sample breaks an expectation the first broke: FAIL.
//   transient  the second sample passes: PASS, and what the first sample saw is kept as a
//              visible note (when, how far below or undecided, and the second sample beside
//              it), so an operator sees the neighbour without the gate crying wolf.
//   disagreed  neither: the second is undecided, or breaks what the first did not: UNSTABLE,
//              saying both. The datastore could not be judged.
// `confirm = false` takes the first sample's answer.
//
// Error rates. FAIL needs both samples broken (an intersection-union test).
//   - Noise without regimes: the samples are independent, so a healthy datastore fails at most
//     1% x kConfirmFalseFailRate of the time.
//   - A neighbour's bursts: a false FAIL needs a burst to spoil each sample. A pause longer than
//     a burst makes the two spoilings independent, so their chances multiply: bursts that spoil
//     one first sample in ten fail about one healthy check in a hundred or fewer (the
//     simulation in tests/unit/verdicts/confirmation_simulation_gtest.cpp measures it).
//   - A persistent regression must break both samples. The second is held to
//     kConfirmFalseFailRate (5%) rather than 1%: its false alarms only count when the first
//     sample was already broken, and the looser level keeps a 25% cut caught as often as one
//     sample alone caught it.
// What a pause cannot tell apart: a neighbour busy for longer than the pause and both samples
// from a regression. To every workload on the datastore those look the same, and FAIL is then a
// fair answer; a longer confirm_pause moves the line.
#pragma once

#include <string>

#include "iogate/verdicts/verdict.hpp"

namespace iogate {

// What the confirming sample may spend on calling a healthy datastore broken.
inline constexpr double kConfirmFalseFailRate = 0.05;

// Whether a first sample's verdict is weighed again: a shortfall, or an expectation undecided.
bool worth_confirming(const Verdict& first);

enum class Persistence { persisted, transient, disagreed };
const char* persistence_name(Persistence p);  // "persisted", "transient", "disagreed"

// The two samples compared; `first` is worth_confirming(). A stall or a spread shortfall (no
// expectation) persists when the second sample has one of its own.
Persistence samples_agree(const Verdict& first, const Verdict& second);

// The check's verdict once confirmed: the second sample's, except that a disagreement is
// undecided: the second sample's own shortfalls become undecided lines ("... broken in the
// second sample only"), and its verdict unstable.
Verdict confirmed_verdict(Verdict second, Persistence p);

// What a sample said, one line per shortfall or undecided expectation, or the judgements of a
// passing one: "iops 0.48x baseline (bound 0.90x) after 5 runs: broken".
std::vector<std::string> sample_lines(const Verdict& v);

}  // namespace iogate
