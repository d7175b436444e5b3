#include "iogate/results/check_results_cleanup.hpp"

#include <stdexcept>

#include "iogate/results/result_reader.hpp"

namespace iogate {

int clear_check_results(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return 0;
  int removed = 0;
  for (const auto& item : fs::directory_iterator(dir)) {
    if (!item.is_regular_file() || item.path().extension() != ".json") continue;
    bool ours = false;
    try {
      ours = is_check_result_file(item.path());
    } catch (const std::runtime_error&) {
      ours = false;  // not JSON: not ours to remove
    }
    if (ours && fs::remove(item.path())) ++removed;
  }
  return removed;
}

}  // namespace iogate
