// The seconds elapsed since a steady-clock point: how the runner times a check's layout, cleanup
// and whole wall.
#pragma once

#include <chrono>

namespace iogate {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace iogate
