// A workload as the [check.workload] keys of a threshold file, for the files iogate writes
// (`iogate propose`, `iogate import fio`): every key written out, in one order, each value spelled
// so the threshold parser reads back exactly this workload (seed aside: a threshold file has
// none).
#pragma once

#include <string>
#include <vector>

#include "iogate/engine/workload.hpp"
#include "iogate/engine/workload_keys.hpp"

namespace iogate {

struct WorkloadKey {
  std::string key;    // "block_size", "block_mix", ...
  std::string value;  // TOML text: "\"8KiB\"", "true", "[ { size = \"4KiB\", pct = 60 } ]"
};

std::vector<WorkloadKey> workload_toml_keys(const WorkloadSpec& workload);

}  // namespace iogate
