// Private to the threshold parser: how often a check runs, in [suite] (the default for every check)
// and in [[check]] (its own): repeat, repeat_max, budget, unstable, confirm, confirm_pause. The
// meaning is in threshold_file.hpp; why runs are added while undecided, in
// iogate/verdicts/evidence.hpp.
#pragma once

#include <toml++/toml.h>

#include <chrono>
#include <cstdint>
#include <optional>

#include "iogate/thresholds/threshold_file.hpp"
#include "toml_fields.hpp"

namespace iogate::thresholds_detail {

inline constexpr std::chrono::seconds kMinBudget{1};
// A pause shorter than a second leaves no burst behind; one over an hour is a typo.
inline constexpr std::chrono::seconds kMinConfirmPause{1};
inline constexpr std::chrono::seconds kMaxConfirmPause = std::chrono::hours{1};

struct RepetitionFields {
  std::optional<int> repeat;
  std::optional<int> repeat_max;
  std::optional<Nanoseconds> budget;
  std::optional<bool> unstable_fails;
  std::optional<bool> confirm;
  std::optional<Nanoseconds> confirm_pause;
};

// Reads whichever of the repetition keys `table` holds; other keys are the caller's. A repeat_max
// below the same table's repeat is an error.
RepetitionFields read_repetition(const Section& s, const toml::table& table);

// Sets the check's repeat, repeat_max, budget, unstable_fails, confirm and confirm_pause: its own
// fields over the suite's, the suite's budget shared evenly by its `checks`. A repeat_max below the
// repeat in force (one from the check, one from the suite) is an error at the check's key.
void apply_repetition(const RepetitionFields& own, const Section& own_section,
                      const toml::table& own_table, const RepetitionFields& suite,
                      std::size_t checks, Check& check);

}  // namespace iogate::thresholds_detail
