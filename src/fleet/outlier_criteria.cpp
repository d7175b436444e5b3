// The outlier rule in words, one sentence for every fleet format (fleet_writers.hpp).
#include <fmt/format.h>

#include "iogate/fleet/fleet_writers.hpp"

namespace iogate {

std::string outlier_criteria(const RobustCriteria& criteria) {
  return fmt::format(
      "below {:.0f}% of its peer median (latency: above {:.0f}%) and, with {} peers or more, a "
      "robust z above {:g}",
      criteria.min_ratio * 100, 100 / criteria.min_ratio, kMinPeersForMad, criteria.max_z);
}

}  // namespace iogate
