// The field a workload's first broken rule names (find_workload_problem), or nothing: what the
// engine's rule tests compare.
#pragma once

#include <optional>

#include "iogate/engine/workload_rules.hpp"

namespace iogate::test {

inline std::optional<WorkloadField> broken_field(const WorkloadSpec& s) {
  const std::optional<WorkloadProblem> problem = find_workload_problem(s);
  return problem ? std::optional(problem->field) : std::nullopt;
}

}  // namespace iogate::test
